// Strict JSON: a fast check for duplicate keys (JSON.parse silently keeps the last one) and a
// slower pass that names the first problem with its JSON Pointer, line and column. Shared by the
// HTTP body reader and the commands that read JSON documents. Pure.
import { printParseErrorCode, visit } from "jsonc-parser";
import type { Diagnostic } from "../../generated/types.js";
import { spanAt } from "../../grammar/source/span.js";
import { jsonDepthProblem, MAX_JSON_DEPTH } from "./json-depth.js";

/**
 * JSON.parse, refusing duplicate keys: the value, or the first problem (syntax error or duplicate
 * key) with its path and span, or a document nested deeper than MAX_JSON_DEPTH (json-depth.ts:
 * checked first, so no recursive pass ever sees one). The fast path is all a good document costs:
 * one scan (depth, and the members of its objects), JSON.parse, and a count of the keys the
 * parsed objects kept — JSON.parse keeps one of each duplicate, so fewer keys than members means a
 * duplicate (issue 19.5: no set of keys per object). The slower pass that names the place runs
 * only for a bad document.
 */
export function parseStrictJsonText(text: string): { ok: true; value: unknown } | { ok: false; problem: Diagnostic } {
  const { beyondDepth, members } = scanMembers(text);
  const tooDeep = beyondDepth ? jsonDepthProblem(text) : undefined;
  if (tooDeep !== undefined) return { ok: false, problem: tooDeep };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: firstJsonProblem(text) ?? { code: "json/syntax", severity: "error", message: "not valid JSON", path: "" } };
  }
  if (keysKept(value) !== members) return { ok: false, problem: firstJsonProblem(text) ?? { code: "json/duplicate-key", severity: "error", message: "duplicate key", path: "" } };
  return { ok: true, value };
}

/**
 * One pass over `text`: whether it nests deeper than MAX_JSON_DEPTH (exactly as offsetBeyondDepth
 * in json-depth.ts decides it: brackets inside strings do not count, an unterminated string ends
 * the scan), and the number of `:` outside strings — in valid JSON, one per object member.
 */
function scanMembers(text: string): { beyondDepth: boolean; members: number } {
  let depth = 0;
  let members = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const from = i + 1;
      // Quote to quote (indexOf is much faster than a loop); a quote after an odd run of backslashes is inside the string.
      for (i = text.indexOf('"', from); i >= 0; i = text.indexOf('"', i + 1)) {
        let backslashes = 0;
        while (i - 1 - backslashes >= from && text.charCodeAt(i - 1 - backslashes) === 0x5c) backslashes++;
        if (backslashes % 2 === 0) break;
      }
      if (i < 0) return { beyondDepth: false, members };
    } else if (c === 0x3a) {
      members++;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > MAX_JSON_DEPTH) return { beyondDepth: true, members };
    } else if ((c === 0x5d || c === 0x7d) && depth > 0) {
      depth--;
    }
  }
  return { beyondDepth: false, members };
}

/** The own keys of every object in a parsed JSON value (recursive: only after the depth check). */
function keysKept(value: unknown): number {
  let count = 0;
  if (typeof value !== "object" || value === null) return 0;
  if (Array.isArray(value)) {
    for (const item of value) if (typeof item === "object" && item !== null) count += keysKept(item);
    return count;
  }
  const object = value as Record<string, unknown>;
  const keys = Object.keys(object);
  count = keys.length;
  for (const key of keys) {
    const item = object[key];
    if (typeof item === "object" && item !== null) count += keysKept(item);
  }
  return count;
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

/**
 * The first syntax error or duplicate key of `text`, with its path and span; undefined when there
 * is none. jsonc-parser recurses per level: text nested too deeply is reported as that instead.
 */
export function firstJsonProblem(text: string): Diagnostic | undefined {
  const tooDeep = jsonDepthProblem(text);
  if (tooDeep !== undefined) return tooDeep;
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
          problem ??= { code: "json/duplicate-key", severity: "error", message: `duplicate key '${name}': a key may appear once in an object`, path: childPath(), span: spanAt(text, offset, length) };
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
