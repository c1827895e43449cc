// Per-rule log files of JSON lines: `<dir>/<ruleId>.log`, rotated by size to `<ruleId>.log.1`
// (newest) ... `<ruleId>.log.<keep>` (oldest; older ones are dropped).
// 10,000 rules at a 1 s interval append to 10,000 files a second (issue 19.2), so each rule's file
// stays open between appends (up to `maxOpenFiles`, the least recently written closed first) and
// its size is asked of the file system once, when it is opened, then kept in memory: an append is
// one write(2). The file operations are synchronous, in the microtask of the append: a write to
// the page cache takes microseconds, where an asynchronous one queues in libuv's thread pool of 4
// ahead of node-sqlite3's statements (which run there too) and tripled the history's commit time
// (bench history). The history writer hands over a batch's lines a slice of rules at a time, so
// the event loop is never held for long. A file changed behind the service's back (an outside logrotate) only moves the next
// rotation; one renamed away keeps receiving lines until its handle is closed (log.close(), or a
// rotation). The lines a history batch has for one rule are appended in one write.
import { closeSync, fstatSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";

export interface RuleLog {
  /** Appends `record` as one line. Appends for one rule are written in call order, one at a time. */
  append(ruleId: number, record: object): Promise<void>;
  /**
   * Appends lines already serialised (each ending in "\n") for one rule, in as few writes as
   * rotation allows (one when the file does not rotate in between). In call order with `append`.
   */
  appendLines(ruleId: number, lines: readonly string[]): Promise<void>;
  /** Waits for the pending appends and closes the open files (appends after it open them again). */
  close(): Promise<void>;
}

export interface RuleLogOptions {
  dir: string;
  /** A file is rotated before a line that would take it past this size. */
  maxBytes?: number;
  /** Rotated files kept besides the current one. */
  keep?: number;
  /**
   * Files kept open at most (default 12,000: above the 10,000 rules of issue 19.2's target; Node
   * raises its descriptor limit to the hard limit at start). Out of descriptors, the older half
   * of the open files is closed and the open tried again.
   */
  maxOpenFiles?: number;
}

interface OpenFile {
  fd: number;
  size: number;
}

export function createRuleLog({ dir, maxBytes = 5 * 1024 * 1024, keep = 3, maxOpenFiles = 12_000 }: RuleLogOptions): RuleLog {
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 1) throw new RangeError(`maxBytes must be a positive integer, not ${maxBytes}`);
  if (!Number.isSafeInteger(keep) || keep < 0) throw new RangeError(`keep must be a non-negative integer, not ${keep}`);
  if (!Number.isSafeInteger(maxOpenFiles) || maxOpenFiles < 1) throw new RangeError(`maxOpenFiles must be a positive integer, not ${maxOpenFiles}`);
  // The last pending write of each rule; the next write of that rule waits for it.
  const tails = new Map<number, Promise<void>>();
  // Open files by rule, least recently written first (a Map keeps insertion order).
  const files = new Map<number, OpenFile>();

  function fileOf(ruleId: number, path: string): OpenFile {
    const known = files.get(ruleId);
    if (known !== undefined) {
      files.delete(ruleId);
      files.set(ruleId, known);
      return known;
    }
    let fd: number;
    try {
      fd = openSync(path, "a");
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT") mkdirSync(dir, { recursive: true });
      // Out of descriptors (the process's limit is shared with sockets): the older half goes.
      else if (code === "EMFILE" || code === "ENFILE") for (const id of [...files.keys()].slice(0, Math.ceil(files.size / 2))) forget(id);
      else throw error;
      fd = openSync(path, "a");
    }
    let size: number;
    try {
      size = fstatSync(fd).size;
    } catch (error) {
      closeQuietly(fd);
      throw error;
    }
    const file: OpenFile = { fd, size };
    files.set(ruleId, file);
    if (files.size > maxOpenFiles) forget(files.keys().next().value as number);
    return file;
  }

  function forget(ruleId: number): void {
    const file = files.get(ruleId);
    files.delete(ruleId);
    if (file !== undefined) closeQuietly(file.fd);
  }

  function write(ruleId: number, lines: readonly string[]): void {
    const path = join(dir, `${ruleId}.log`);
    try {
      let file = fileOf(ruleId, path);
      let block = "";
      let blockBytes = 0;
      for (const line of lines) {
        const bytes = Buffer.byteLength(line);
        // A line longer than maxBytes still goes whole into a fresh file: a log never cuts a line.
        if (file.size + blockBytes > 0 && file.size + blockBytes + bytes > maxBytes) {
          if (block !== "") writeAll(file.fd, Buffer.from(block));
          forget(ruleId);
          rotate(path);
          file = fileOf(ruleId, path);
          block = "";
          blockBytes = 0;
        }
        block += line;
        blockBytes += bytes;
      }
      if (block !== "") writeAll(file.fd, Buffer.from(block));
      file.size += blockBytes;
    } catch (error) {
      forget(ruleId); // opened and measured again next time
      throw error;
    }
  }

  function rotate(path: string): void {
    if (keep === 0) return rmSync(path, { force: true });
    for (let n = keep - 1; n >= 1; n--) renameIfExists(`${path}.${n}`, `${path}.${n + 1}`);
    renameSync(path, `${path}.1`);
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
    async close() {
      await Promise.all(tails.values());
      for (const id of [...files.keys()]) forget(id);
    },
  };
}

function closeQuietly(fd: number): void {
  try {
    closeSync(fd);
  } catch {
    // Closed already, or the disk went away: nothing left to do with it.
  }
}

/** Writes the whole buffer (a write to a regular file is whole in practice; a short one goes on). */
function writeAll(fd: number, buffer: Buffer): void {
  for (let offset = 0; offset < buffer.length; ) offset += writeSync(fd, buffer, offset, buffer.length - offset);
}

function renameIfExists(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}
