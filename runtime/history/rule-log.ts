// Per-rule log files of JSON lines: `<dir>/<ruleId>.log`, rotated by size to `<ruleId>.log.1`
// (newest) ... `<ruleId>.log.<keep>` (oldest; older ones are dropped); the file work is
// rule-log-files.ts. This is the log in the caller's thread; the service writes through
// threaded-rule-log.ts, the same files written by a thread of their own (issue 19).
// The file operations are synchronous, in the microtask of the append: a write to the page cache
// takes microseconds, where an asynchronous one queues in libuv's thread pool of 4 ahead of
// node-sqlite3's statements (which run there too) and tripled the history's commit time (bench
// history). appendBatch writes a slice of rules per turn of the event loop, so the event loop is
// never held for long. A file changed behind the service's back (an outside logrotate) only moves
// the next rotation; one renamed away keeps receiving lines until its handle is closed
// (log.close(), or a rotation). The lines a history batch has for one rule are appended in one write.
import { checkRuleId, createRuleLogFiles, type RuleLogOptions } from "./rule-log-files.js";

export type { RuleLogOptions } from "./rule-log-files.js";

/** A rule whose lines of a batch could not be written, and why. */
export interface RuleLogFailure {
  ruleId: number;
  error: Error;
}

export interface RuleLog {
  /** Appends `record` as one line. Appends for one rule are written in call order, one at a time. */
  append(ruleId: number, record: object): Promise<void>;
  /**
   * Appends lines already serialised (each ending in "\n") for one rule, in as few writes as
   * rotation allows (one when the file does not rotate in between). In call order with `append`.
   */
  appendLines(ruleId: number, lines: readonly string[]): Promise<void>;
  /**
   * Appends a history batch's lines: `lines[i]` (ending in "\n") to the log of `ruleIds[i]`, each
   * rule's lines in the order given, in one write per rule where rotation allows. Resolves once
   * all are written, with the rules whose lines failed (never rejects for a file's fault).
   */
  appendBatch?(ruleIds: readonly number[], lines: readonly string[]): Promise<RuleLogFailure[]>;
  /** Waits for the pending appends and closes the open files (appends after it open them again). */
  close(): Promise<void>;
}

/** Rules whose lines appendBatch writes in one turn of the event loop (about 1 ms of writes). */
const RULES_PER_TURN = 100;

export function createRuleLog(options: RuleLogOptions): RuleLog {
  const files = createRuleLogFiles(options);
  // The last pending write of each rule; the next write of that rule waits for it.
  const tails = new Map<number, Promise<void>>();

  function enqueue(ruleId: number, lines: readonly string[]): Promise<void> {
    const refused = checkRuleId(ruleId);
    if (refused !== null) return Promise.reject(refused);
    const written = (tails.get(ruleId) ?? Promise.resolve()).then(() => files.write(ruleId, lines));
    const tail = written.catch(() => undefined); // a failed write is its caller's; the next one goes on
    tails.set(ruleId, tail);
    void tail.then(() => tails.get(ruleId) === tail && tails.delete(ruleId));
    return written;
  }

  return {
    append: (ruleId, record) => enqueue(ruleId, [`${JSON.stringify(record)}\n`]),
    appendLines: (ruleId, lines) => (lines.length === 0 ? Promise.resolve() : enqueue(ruleId, lines)),
    async appendBatch(ruleIds, lines) {
      const rules = [...groupByRule(ruleIds, lines)];
      const failures: RuleLogFailure[] = [];
      for (let from = 0; from < rules.length; from += RULES_PER_TURN) {
        if (from > 0) await new Promise((resolve) => setImmediate(resolve));
        await Promise.all(rules.slice(from, from + RULES_PER_TURN).map(([ruleId, own]) => enqueue(ruleId, own).catch((error: unknown) => void failures.push({ ruleId, error: asError(error) }))));
      }
      return failures;
    },
    async close() {
      await Promise.all(tails.values());
      files.closeAll();
    },
  };
}

/** Each rule's lines of a batch, in the order given; the rules in the order of their first line. */
export function groupByRule(ruleIds: readonly number[], lines: readonly string[]): Map<number, string[]> {
  if (ruleIds.length !== lines.length) throw new RangeError(`a log batch of ${lines.length} lines has ${ruleIds.length} rule ids`);
  const byRule = new Map<number, string[]>();
  for (let i = 0; i < lines.length; i++) {
    const ruleId = ruleIds[i]!;
    const own = byRule.get(ruleId);
    if (own === undefined) byRule.set(ruleId, [lines[i]!]);
    else own.push(lines[i]!);
  }
  return byRule;
}

export function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
