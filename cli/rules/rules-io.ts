// What each `svc rules` command is given, and the argument checks they share.
import type { ApiClient } from "../api/api-client.js";
import { ApiError } from "../api/api-errors.js";
import { UsageError, type Console } from "../console.js";

export interface RulesIo {
  console: Console;
  cwd: string;
  env: Record<string, string | undefined>;
}

export type RulesSubcommand = (args: string[], io: RulesIo) => Promise<number>;

/** A rule as the command line names it: its id, or its exact name (names are unique). */
export type RuleRef = number | string;

/** The one positional argument: a rule id (a positive whole number) or a rule's exact name. */
export function ruleRefOf(positionals: string[]): RuleRef {
  if (positionals.length === 0) throw new UsageError("give the rule's id or its name (svc rules list shows both)");
  if (positionals.length > 1) throw new UsageError(`one rule only; unexpected '${positionals[1]}' (quote a name that has spaces)`);
  const text = positionals[0]!;
  if (!/^\d+$/.test(text)) {
    if (text.trim() === "") throw new UsageError("a rule name cannot be empty");
    return text;
  }
  const id = /^[1-9]\d{0,15}$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(id)) throw new UsageError(`a rule id is a positive whole number, not '${text}'`);
  return id;
}

/** The id of a referenced rule: an id as given, a name looked up among the service's rules. */
export async function ruleIdFrom(client: Pick<ApiClient, "listRules">, ref: RuleRef): Promise<number> {
  if (typeof ref === "number") return ref;
  const found = (await client.listRules()).find((rule) => rule.name === ref);
  if (found === undefined) throw new ApiError(404, "not-found", `no rule is named '${ref}' (names compare exactly; svc rules list shows them)`, undefined, undefined);
  return found.id;
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
