// The messages between the service and the rule log's thread (threaded-rule-log.ts and
// rule-log-worker.ts). A batch crosses as one string and two typed arrays, whatever its size: a
// structured clone costs per value, so thousands of lines as one text are one copy, and the arrays'
// buffers are transferred, not copied. The thread answers each message, in order, by its `seq`.

/** Service to thread. */
export type RuleLogRequest =
  | { kind: "lines"; seq: number; text: string; ends: Uint32Array; ruleIds: Float64Array }
  | { kind: "close"; seq: number };

/** A rule whose lines could not be written, as it crosses the thread boundary. */
export interface RuleLogFailureMessage {
  ruleId: number;
  name: string;
  message: string;
  code?: string;
}

/** Thread to service: the message `seq` is done; `failures` are the rules whose lines were not written. */
export interface RuleLogReply {
  seq: number;
  failures: RuleLogFailureMessage[];
}

/** The lines of a batch as one text and the end of each line in it. */
export function encodeLines(seq: number, ruleIds: readonly number[], lines: readonly string[]): Extract<RuleLogRequest, { kind: "lines" }> {
  if (ruleIds.length !== lines.length) throw new RangeError(`a log batch of ${lines.length} lines has ${ruleIds.length} rule ids`);
  const ends = new Uint32Array(lines.length);
  let end = 0;
  for (let i = 0; i < lines.length; i++) ends[i] = end += lines[i]!.length;
  return { kind: "lines", seq, text: lines.join(""), ends, ruleIds: Float64Array.from(ruleIds) };
}

/** The lines of a batch again, each rule's in order (the rules in the order of their first line). */
export function decodeLines({ text, ends, ruleIds }: Extract<RuleLogRequest, { kind: "lines" }>): Map<number, string[]> {
  if (ends.length !== ruleIds.length || (ends.length > 0 && ends[ends.length - 1] !== text.length)) throw new RangeError(`a log batch's ${ends.length} line ends and ${ruleIds.length} rule ids do not cover its ${text.length} characters`);
  const byRule = new Map<number, string[]>();
  let start = 0;
  for (let i = 0; i < ends.length; i++) {
    const line = text.slice(start, (start = ends[i]!));
    const own = byRule.get(ruleIds[i]!);
    if (own === undefined) byRule.set(ruleIds[i]!, [line]);
    else own.push(line);
  }
  return byRule;
}

export function failureMessage(ruleId: number, error: unknown): RuleLogFailureMessage {
  const failure: RuleLogFailureMessage = { ruleId, name: error instanceof Error ? error.name : "Error", message: error instanceof Error ? error.message : String(error) };
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string") failure.code = code;
  return failure;
}

/** The failure as an Error again (its name, message and errno code kept). */
export function failureError({ name, message, code }: RuleLogFailureMessage): Error {
  const error: Error & { code?: string } = name === "RangeError" ? new RangeError(message) : new Error(message);
  if (name !== error.name) error.name = name;
  if (code !== undefined) error.code = code;
  return error;
}
