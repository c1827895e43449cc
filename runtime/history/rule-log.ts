// Per-rule log files of JSON lines: `<dir>/<ruleId>.log`, rotated by size to `<ruleId>.log.1`
// (newest) ... `<ruleId>.log.<keep>` (oldest; older ones are dropped).
// Each file's size is asked of the file system once (the first write of the rule after start or
// after a failed write) and then kept in memory: a file changed behind the service's back (an
// outside logrotate) only moves the next rotation. The lines a history batch has for one rule are
// appended in one write.
import { appendFile, mkdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";

export interface RuleLog {
  /** Appends `record` as one line. Appends for one rule are written in call order, one at a time. */
  append(ruleId: number, record: object): Promise<void>;
  /**
   * Appends lines already serialised (each ending in "\n") for one rule, in as few writes as
   * rotation allows (one when the file does not rotate in between). In call order with `append`.
   */
  appendLines(ruleId: number, lines: readonly string[]): Promise<void>;
}

export interface RuleLogOptions {
  dir: string;
  /** A file is rotated before a line that would take it past this size. */
  maxBytes?: number;
  /** Rotated files kept besides the current one. */
  keep?: number;
}

export function createRuleLog({ dir, maxBytes = 5 * 1024 * 1024, keep = 3 }: RuleLogOptions): RuleLog {
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 1) throw new RangeError(`maxBytes must be a positive integer, not ${maxBytes}`);
  if (!Number.isSafeInteger(keep) || keep < 0) throw new RangeError(`keep must be a non-negative integer, not ${keep}`);
  // The last pending write of each rule; the next write of that rule waits for it.
  const tails = new Map<number, Promise<void>>();
  // The size of each rule's current file as this log last left it.
  const sizes = new Map<number, number>();

  async function currentSize(ruleId: number, file: string): Promise<number> {
    const known = sizes.get(ruleId);
    if (known !== undefined) return known;
    const size = await sizeOf(file);
    if (size === undefined) await mkdir(dir, { recursive: true }); // once per rule: then the size is known
    return size ?? 0;
  }

  async function write(ruleId: number, lines: readonly string[]): Promise<void> {
    const file = join(dir, `${ruleId}.log`);
    try {
      let size = await currentSize(ruleId, file);
      let block = "";
      let blockBytes = 0;
      for (const line of lines) {
        const bytes = Buffer.byteLength(line);
        // A line longer than maxBytes still goes whole into a fresh file: a log never cuts a line.
        if (size + blockBytes > 0 && size + blockBytes + bytes > maxBytes) {
          if (block !== "") await appendFile(file, block);
          await rotate(file);
          size = 0;
          block = "";
          blockBytes = 0;
        }
        block += line;
        blockBytes += bytes;
      }
      if (block !== "") await appendFile(file, block);
      sizes.set(ruleId, size + blockBytes);
    } catch (error) {
      sizes.delete(ruleId); // asked again next time
      throw error;
    }
  }

  async function rotate(file: string): Promise<void> {
    if (keep === 0) return rm(file, { force: true });
    for (let n = keep - 1; n >= 1; n--) await renameIfExists(`${file}.${n}`, `${file}.${n + 1}`);
    await rename(file, `${file}.1`);
  }

  function enqueue(ruleId: number, lines: readonly string[]): Promise<void> {
    // The id becomes a file name: only plain non-negative integers.
    if (!Number.isSafeInteger(ruleId) || ruleId < 0) return Promise.reject(new RangeError(`rule id must be a non-negative integer, not ${ruleId}`));
    const written = (tails.get(ruleId) ?? Promise.resolve()).then(() => write(ruleId, lines));
    const tail = written.catch(() => undefined); // a failed write is its caller's; the next one goes on
    tails.set(ruleId, tail);
    void tail.then(() => tails.get(ruleId) === tail && tails.delete(ruleId));
    return written;
  }

  return {
    append: (ruleId, record) => enqueue(ruleId, [`${JSON.stringify(record)}\n`]),
    appendLines: (ruleId, lines) => (lines.length === 0 ? Promise.resolve() : enqueue(ruleId, lines)),
  };
}

async function sizeOf(file: string): Promise<number | undefined> {
  try {
    return (await stat(file)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

async function renameIfExists(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}
