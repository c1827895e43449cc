// Reads a JSON request body: application/json only (other media types are refused, never read
// as `{}`), no content encoding (the limit counts the bytes received), at most `limit` bytes, and
// no duplicate keys (JSON.parse would silently keep the last `confirmed`). Syntax errors name
// the line and column.
import type { IncomingMessage } from "node:http";
import { printParseErrorCode, visit } from "jsonc-parser";
import type { Diagnostic } from "../../generated/types.js";
import { spanAt } from "../../grammar/source/span.js";
import { ServiceError, invalidInput } from "../errors.js";

/** Undefined when the request has no body at all. */
export async function readJsonBody(req: IncomingMessage, limit: number): Promise<unknown> {
  const length = req.headers["content-length"];
  const chunked = req.headers["transfer-encoding"] !== undefined;
  if (!chunked && (length === undefined || length === "0")) return undefined;
  const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") {
    throw new ServiceError("unsupported-media-type", `the request body must be application/json${type ? `, not ${type}` : ""}`);
  }
  const encoding = (req.headers["content-encoding"] ?? "identity").toLowerCase();
  if (encoding !== "identity") throw new ServiceError("unsupported-media-type", `content-encoding ${encoding} is not accepted; send the body uncompressed`);
  if (length !== undefined && Number(length) > limit) throw tooLarge(limit);
  const text = await readText(req, limit);
  if (text.trim() === "") return undefined;
  return parseStrictJson(text);
}

async function readText(req: IncomingMessage, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size).toString("utf8");
}

function tooLarge(limit: number): ServiceError {
  return new ServiceError("payload-too-large", `the request body exceeds ${limit} bytes`);
}

/**
 * JSON.parse, refusing duplicate keys. The fast path (JSON.parse and a key scan) runs on every
 * request; the slower pass that names the line, column and path runs only for a bad body.
 */
export function parseStrictJson(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw refused(text);
  }
  if (hasDuplicateKey(text)) throw refused(text);
  return value;
}

function refused(text: string): ServiceError {
  const problem = firstProblem(text) ?? { code: "json/syntax", severity: "error", message: "not valid JSON", path: "" };
  return invalidInput(`the request body is not acceptable JSON: ${problem.message}`, [problem]);
}

/** Whether some object of `text`, which must be valid JSON, has a key twice. One pass, no paths. */
export function hasDuplicateKey(text: string): boolean {
  const objects: (Set<string> | null)[] = []; // null for an array
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const start = i + 1;
      // Jump quote to quote (indexOf is much faster than a loop); a quote after an odd run of
      // backslashes is inside the string.
      for (i = text.indexOf('"', start); ; i = text.indexOf('"', i + 1)) {
        let backslashes = 0;
        while (text.charCodeAt(i - 1 - backslashes) === 0x5c) backslashes++;
        if (backslashes % 2 === 0) break;
      }
      if (!expectKey) continue;
      const raw = text.slice(start, i);
      const key = raw.includes("\\") ? (JSON.parse(`"${raw}"`) as string) : raw;
      const keys = objects[objects.length - 1]!;
      if (keys.has(key)) return true;
      keys.add(key);
      expectKey = false;
    } else if (c === 0x7b) {
      objects.push(new Set());
      expectKey = true;
    } else if (c === 0x5b) {
      objects.push(null);
      expectKey = false;
    } else if (c === 0x7d || c === 0x5d) {
      objects.pop();
      expectKey = false;
    } else if (c === 0x2c) {
      expectKey = objects.length > 0 && objects[objects.length - 1] !== null;
    }
  }
  return false;
}

type Frame = { kind: "object"; path: string; keys: Set<string>; key: string } | { kind: "array"; path: string; index: number };

function firstProblem(text: string): Diagnostic | undefined {
  let problem: Diagnostic | undefined;
  const stack: Frame[] = [];
  const childPath = (): string => {
    const top = stack[stack.length - 1];
    if (top === undefined) return "";
    return `${top.path}/${top.kind === "object" ? top.key.replace(/~/g, "~0").replace(/\//g, "~1") : top.index}`;
  };
  visit(
    text,
    {
      onObjectBegin: () => void stack.push({ kind: "object", path: childPath(), keys: new Set(), key: "" }),
      onArrayBegin: () => void stack.push({ kind: "array", path: childPath(), index: 0 }),
      onObjectEnd: () => void stack.pop(),
      onArrayEnd: () => void stack.pop(),
      onSeparator: (character) => {
        const top = stack[stack.length - 1];
        if (character === "," && top?.kind === "array") top.index++;
      },
      onObjectProperty: (name, offset, length) => {
        const top = stack[stack.length - 1];
        if (top?.kind !== "object") return;
        top.key = name;
        if (top.keys.has(name)) {
          problem ??= { code: "json/duplicate-key", severity: "error", message: `duplicate key '${name}' at ${childPath()}`, path: childPath(), span: spanAt(text, offset, length) };
        }
        top.keys.add(name);
      },
      onError: (error, offset, length, line, character) => {
        problem ??= {
          code: "json/syntax",
          severity: "error",
          message: `${printParseErrorCode(error)} at line ${line + 1}, column ${character + 1}`,
          path: "",
          span: spanAt(text, offset, length),
        };
      },
    },
    { disallowComments: true, allowTrailingComma: false },
  );
  return problem;
}
