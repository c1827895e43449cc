// Where a command writes: injected, so tests capture output without spawning a process.
export interface Console {
  out(text: string): void;
  err(text: string): void;
}

/** Exit codes of every command: 0 done, 1 the input has errors, 2 the command was used wrongly. */
export const EXIT = { ok: 0, diagnostics: 1, usage: 2 } as const;

/** A mistake in how a command was called: printed with the usage hint, exit code 2. */
export class UsageError extends Error {}

/** `1 file`, `2 files`. */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
