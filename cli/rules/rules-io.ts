// What each `svc rules` command is given, and the argument checks they share.
import { UsageError, type Console } from "../console.js";

export interface RulesIo {
  console: Console;
  cwd: string;
  env: Record<string, string | undefined>;
}

export type RulesSubcommand = (args: string[], io: RulesIo) => Promise<number>;

/** The one positional argument ID: a positive whole number. */
export function ruleIdOf(positionals: string[]): number {
  if (positionals.length === 0) throw new UsageError("give the rule's id (svc rules list shows them)");
  if (positionals.length > 1) throw new UsageError(`one rule id only; unexpected '${positionals[1]}'`);
  const text = positionals[0]!;
  const id = /^[1-9]\d{0,15}$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(id)) throw new UsageError(`a rule id is a positive whole number, not '${text}'`);
  return id;
}

/** A --option whose value is a whole number in [min, max]; undefined when not given. */
export function wholeNumberOption(value: string | boolean | undefined, option: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : NaN;
  if (!(n >= min && n <= max)) throw new UsageError(`${option} must be a whole number from ${min} to ${max}, not '${String(value)}'`);
  return n;
}

export function noPositionals(positionals: string[]): void {
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
}

export function printJson(console: Console, value: unknown): void {
  console.out(`${JSON.stringify(value, null, 2)}\n`);
}
