// Where a command writes (and, for a prompt, reads): injected, so tests capture output without
// spawning a process.
export interface Console {
  out(text: string): void;
  err(text: string): void;
  /** Asks a question on stderr and reads one line of stdin; undefined when stdin ends first. */
  ask?(question: string): Promise<string | undefined>;
}

/**
 * Exit codes of every command: 0 done; 1 the input has errors (files that do not compile, a
 * sync plan that cannot be made); 2 the command was used wrongly; 3 refused: a confirmation or
 * the token is missing, or the service refused the request (4xx), so nothing (more) was changed;
 * 4 the service failed: unreachable, timed out, a 5xx or an answer that is not the API's.
 */
export const EXIT = { ok: 0, diagnostics: 1, usage: 2, refused: 3, service: 4 } as const;

/** A mistake in how a command was called: printed with the usage hint, exit code 2. */
export class UsageError extends Error {}

/** `1 file`, `2 files`. */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
