// Per-rule log files of JSON lines: `<dir>/<ruleId>.log`, rotated by size to `<ruleId>.log.1`
// (newest) ... `<ruleId>.log.<keep>` (oldest; older ones are dropped).
import { appendFile, mkdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";

export interface RuleLog {
  /** Appends `record` as one line. Appends for one rule are written in call order, one at a time. */
  append(ruleId: number, record: object): Promise<void>;
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

  async function write(file: string, line: string): Promise<void> {
    const size = await sizeOf(file);
    if (size === undefined) await mkdir(dir, { recursive: true });
    // A line longer than maxBytes still goes whole into a fresh file: a log never cuts a line.
    else if (size > 0 && size + Buffer.byteLength(line) > maxBytes) await rotate(file);
    await appendFile(file, line);
  }

  async function rotate(file: string): Promise<void> {
    if (keep === 0) return rm(file, { force: true });
    for (let n = keep - 1; n >= 1; n--) await renameIfExists(`${file}.${n}`, `${file}.${n + 1}`);
    await rename(file, `${file}.1`);
  }

  return {
    async append(ruleId, record) {
      // The id becomes a file name: only plain non-negative integers.
      if (!Number.isSafeInteger(ruleId) || ruleId < 0) throw new RangeError(`rule id must be a non-negative integer, not ${ruleId}`);
      const line = `${JSON.stringify(record)}\n`;
      const written = (tails.get(ruleId) ?? Promise.resolve()).then(() => write(join(dir, `${ruleId}.log`), line));
      const tail = written.catch(() => undefined); // a failed write is its caller's; the next one goes on
      tails.set(ruleId, tail);
      void tail.then(() => tails.get(ruleId) === tail && tails.delete(ruleId));
      return written;
    },
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
