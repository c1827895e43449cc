// The synchronous file work of the per-rule log (docs/history.md, "Log files"): each rule's file
// `<dir>/<ruleId>.log` stays open between writes (up to `maxOpenFiles`, the least recently written
// closed first) and its size is asked of the file system once, when it is opened, then kept in
// memory: an append is one write(2). Rotation by size to `<ruleId>.log.1` (newest) ...
// `<ruleId>.log.<keep>` (oldest; older ones are dropped). Used in the main thread by rule-log.ts
// and in the log's own thread by rule-log-worker.ts.
import { closeSync, fstatSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";

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

export interface RuleLogFiles {
  /** Appends lines already serialised (each ending in "\n") for one rule; throws what the file system threw. */
  write(ruleId: number, lines: readonly string[]): void;
  /** Closes every open file (a later write opens its file again). */
  closeAll(): void;
}

/** The options with their defaults, checked (a RangeError names the bad one). */
export function ruleLogOptions({ dir, maxBytes = 5 * 1024 * 1024, keep = 3, maxOpenFiles = 12_000 }: RuleLogOptions): Required<RuleLogOptions> {
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 1) throw new RangeError(`maxBytes must be a positive integer, not ${maxBytes}`);
  if (!Number.isSafeInteger(keep) || keep < 0) throw new RangeError(`keep must be a non-negative integer, not ${keep}`);
  if (!Number.isSafeInteger(maxOpenFiles) || maxOpenFiles < 1) throw new RangeError(`maxOpenFiles must be a positive integer, not ${maxOpenFiles}`);
  return { dir, maxBytes, keep, maxOpenFiles };
}

/** The id becomes a file name: only plain non-negative integers. */
export function checkRuleId(ruleId: number): RangeError | null {
  return Number.isSafeInteger(ruleId) && ruleId >= 0 ? null : new RangeError(`rule id must be a non-negative integer, not ${ruleId}`);
}

interface OpenFile {
  fd: number;
  size: number;
}

export function createRuleLogFiles(options: RuleLogOptions): RuleLogFiles {
  const { dir, maxBytes, keep, maxOpenFiles } = ruleLogOptions(options);
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

  function rotate(path: string): void {
    if (keep === 0) return rmSync(path, { force: true });
    for (let n = keep - 1; n >= 1; n--) renameIfExists(`${path}.${n}`, `${path}.${n + 1}`);
    renameSync(path, `${path}.1`);
  }

  return {
    write(ruleId, lines) {
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
    },
    closeAll() {
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
