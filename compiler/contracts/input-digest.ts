// The processor request's input_digest (spec: Processor request): `sha256:` and the hex SHA-256
// of the RFC 8785 canonical JSON of {task, binding, processor_contract, artifact (or null), frame,
// options}. request_id, submitted_at, deadline, schema and input_digest itself are left out.
// compiler/jcs does the JCS. This file refuses what RFC 8785 must refuse or what would not survive
// a JSON round trip unchanged (NaN, integers past 2^53, lone surrogates, undefined, class
// instances), so a digest only ever covers plain, exactly representable JSON. The usual request
// is written to canonical bytes in one walk that gives up on anything outside those rules; only
// then does checkCanonicalizable walk it again to say what and where (issue 19.5).
// Pure: values in, values out; node:crypto only hashes.
import { createHash } from "node:crypto";
import type { Diagnostic } from "../../generated/types.js";
import { toCanonicalJson } from "../jcs/canonical-json.js";
import { withPlainJson, type ByteSink } from "../jcs/plain-json-writer.js";

/** What the digest covers; other members of a request (request_id, times, schema) are ignored. */
export interface DigestSource {
  task: unknown;
  binding: unknown;
  processor_contract: unknown;
  artifact?: unknown;
  frame: unknown;
  options: unknown;
}

export type InputDigestResult =
  | { ok: true; digest: string; canonicalJson: string; canonicalBytes: number }
  | { ok: false; diagnostics: Diagnostic[] };

/** A well-formed digest: `sha256:` and 64 lowercase hex digits. */
export const DIGEST_PATTERN = /^sha256:[0-9a-f]{64}$/;

/** Nesting deeper than this is refused (a frame needs about 7 levels; a cycle needs infinitely many). */
export const MAX_DIGEST_DEPTH = 64;

/** At most this many problems are listed; a frame of NaN would otherwise list every cell. */
const MAX_REPORTED = 100;

/** The object the digest is computed over: exactly these six members, artifact null when absent. */
export function digestMembers(request: DigestSource): Record<string, unknown> {
  const { task, binding, processor_contract, artifact, frame, options } = request;
  return { task, binding, processor_contract, artifact: artifact ?? null, frame, options };
}

/** The input_digest of a processor request, or why it cannot be computed (paths are request paths). */
export function computeInputDigest(request: DigestSource): InputDigestResult {
  return digestWith(request, digestAndText);
}

/** The input_digest alone, for the checks: no copy of the canonical bytes is kept. */
export function inputDigest(request: DigestSource): { ok: true; digest: string } | { ok: false; diagnostics: Diagnostic[] } {
  return digestWith(request, (sink) => ({ ok: true, digest: sha256OfBytes(sink.bytes()) }));
}

function digestWith<T extends { ok: true }>(request: DigestSource, fromBytes: (sink: ByteSink) => T): T | InputDigestResult {
  const members = digestMembers(request);
  const plain = withPlainJson(members, { maxDepth: MAX_DIGEST_DEPTH, safeNumbersOnly: true }, fromBytes);
  if (plain !== undefined) return plain;
  const diagnostics = checkCanonicalizable(members);
  if (diagnostics.length > 0) return { ok: false, diagnostics };
  const canonicalJson = toCanonicalJson(members);
  return { ok: true, digest: sha256Digest(canonicalJson), canonicalJson, canonicalBytes: Buffer.byteLength(canonicalJson, "utf8") };
}

function sha256OfBytes(bytes: Uint8Array): string {
  return `sha256:${createHash("sha256").update(bytes).digest("hex")}`;
}

function digestAndText(sink: ByteSink): InputDigestResult & { ok: true } {
  const bytes = sink.bytes();
  const digest = sha256OfBytes(bytes);
  // The text is decoded only when asked for (svc digest --canonical).
  const kept = bytes.slice();
  return {
    ok: true,
    digest,
    get canonicalJson() {
      return Buffer.from(kept.buffer, kept.byteOffset, kept.length).toString("utf8");
    },
    canonicalBytes: kept.length,
  };
}

/** `sha256:` and the lowercase hex SHA-256 of the UTF-8 bytes of `canonicalJson`. */
export function sha256Digest(canonicalJson: string): string {
  return `sha256:${createHash("sha256").update(canonicalJson, "utf8").digest("hex")}`;
}

/**
 * Problems that keep `value` from having one exact canonical JSON text, with JSON Pointer paths
 * below `basePath`. Empty when toCanonicalJson may run. Paths are built only for problems found.
 */
export function checkCanonicalizable(value: unknown, basePath = ""): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const tokens: Array<string | number> = []; // the path to the container being walked
  const ancestors: object[] = [];

  const report = (code: string, message: string, token: string | number | undefined): void => {
    if (diagnostics.length >= MAX_REPORTED) return;
    const path = basePath + [...tokens, ...(token === undefined ? [] : [token])].map((t) => `/${escapeToken(String(t))}`).join("");
    diagnostics.push({ code, severity: "error", message, path });
    if (diagnostics.length === MAX_REPORTED) diagnostics[MAX_REPORTED - 1]!.notes = [{ message: `only the first ${MAX_REPORTED} problems are listed` }];
  };

  const check = (v: unknown, token: string | number | undefined): void => {
    switch (typeof v) {
      case "boolean":
        return;
      case "string":
        if (!isWellFormed(v)) report("digest/lone-surrogate", `the string has a lone surrogate ${surrogateAt(v)}; RFC 8785 refuses strings that are not well-formed UTF-16`, token);
        return;
      case "number":
        if (!Number.isFinite(v)) report("digest/non-finite-number", `${v} is not a finite number${Number.isNaN(v) ? "" : " (a literal past ±1.8e308, such as 1e400, parses as Infinity)"}; JSON has no NaN or infinities`, token);
        else if (v > Number.MAX_SAFE_INTEGER || v < -Number.MAX_SAFE_INTEGER) {
          report("digest/unsafe-integer", `${v} is beyond ±${Number.MAX_SAFE_INTEGER} (2^53 - 1), where a number may already have been rounded when parsed; send such a value as a string`, token);
        }
        return;
      case "object":
        if (v !== null) container(v, token);
        return;
      default:
        report("digest/not-json", `${describe(v)} has no JSON representation`, token);
    }
  };

  const container = (v: object, token: string | number | undefined): void => {
    if (ancestors.length >= MAX_DIGEST_DEPTH) return report("digest/too-deep", `nested deeper than ${MAX_DIGEST_DEPTH} levels`, token);
    if (ancestors.includes(v)) return report("digest/cycle", "the value contains itself (a cycle); JSON is a tree", token);
    const isArray = Array.isArray(v);
    const proto: unknown = Object.getPrototypeOf(v);
    if (!isArray && proto !== Object.prototype && proto !== null) {
      return report("digest/not-json", `${describe(v)} is not plain JSON data (an object or an array)`, token);
    }
    if (token !== undefined) tokens.push(token);
    ancestors.push(v);
    if (isArray) {
      const items = v as unknown[];
      for (let i = 0; i < items.length; i++) check(items[i], i);
    } else {
      const record = v as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        if (!isWellFormed(key)) report("digest/lone-surrogate", `the key has a lone surrogate ${surrogateAt(key)}; RFC 8785 refuses strings that are not well-formed UTF-16`, key);
        check(record[key], key);
      }
    }
    ancestors.pop();
    if (token !== undefined) tokens.pop();
  };

  check(value, undefined);
  return diagnostics;
}

function escapeToken(token: string): string {
  return token.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** `(\udc00 at index 3)`: where the first unpaired surrogate sits. */
function surrogateAt(text: string): string {
  const index = /\p{Cs}/u.exec(text)?.index ?? 0;
  return `(\\u${text.charCodeAt(index).toString(16)} at index ${index})`;
}

function describe(v: unknown): string {
  switch (typeof v) {
    case "undefined":
      return "undefined (a missing value)";
    case "bigint":
      return `the bigint ${v}n`;
    case "function":
      return "a function";
    case "symbol":
      return "a symbol";
    default: {
      const name = (Object.getPrototypeOf(v) as { constructor?: { name?: string } } | null)?.constructor?.name;
      return name ? `a ${name} object` : "an object";
    }
  }
}

/** No lone surrogates. String.prototype.isWellFormed is in Node 20 but only in TypeScript's ES2024 lib. */
function isWellFormed(text: string): boolean {
  return (text as unknown as { isWellFormed(): boolean }).isWellFormed();
}
