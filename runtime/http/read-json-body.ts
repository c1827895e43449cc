// Reads a JSON request body: application/json only (other media types are refused, never read
// as `{}`; a charset other than UTF-8 too), no content encoding (the limit counts the bytes received), at most `limit` bytes, and
// no duplicate keys (JSON.parse would silently keep the last `confirmed`), at most
// MAX_JSON_DEPTH levels of nesting, UTF-8 that decodes without replacement, and no string the
// store cannot hold as sent (storable-text.ts). Syntax errors name the line and column.
import type { IncomingMessage } from "node:http";
import { parseStrictJsonText } from "../../compiler/diagnostics/strict-json.js";
import { ServiceError, invalidInput } from "../errors.js";
import { firstUnstorableString } from "../store/storable-text.js";

/** Undefined when the request has no body at all. */
export async function readJsonBody(req: IncomingMessage, limit: number): Promise<unknown> {
  const length = req.headers["content-length"];
  const chunked = req.headers["transfer-encoding"] !== undefined;
  if (!chunked && (length === undefined || length === "0")) return undefined;
  const [typePart, ...parameters] = (req.headers["content-type"] ?? "").split(";");
  const type = typePart!.trim().toLowerCase();
  if (type !== "application/json") {
    throw new ServiceError("unsupported-media-type", `the request body must be application/json${type ? `, not ${type}` : ""}`);
  }
  // JSON is UTF-8 (RFC 8259): a body declared in another charset would be read as something else.
  const charset = declaredCharset(parameters);
  if (charset !== undefined && charset !== "utf-8" && charset !== "utf8") {
    throw new ServiceError("unsupported-media-type", `the request body must be UTF-8 JSON, not charset=${charset}`);
  }
  const encoding = (req.headers["content-encoding"] ?? "identity").toLowerCase();
  if (encoding !== "identity") throw new ServiceError("unsupported-media-type", `content-encoding ${encoding} is not accepted; send the body uncompressed`);
  if (length !== undefined && Number(length) > limit) throw tooLarge(limit);
  const text = await readText(req, limit);
  if (text.trim() === "") return undefined;
  return parseStrictJson(text);
}

/** The `charset` parameter of a media type's parameters, lower case and unquoted; undefined when absent. */
function declaredCharset(parameters: readonly string[]): string | undefined {
  for (const parameter of parameters) {
    const [name, value] = parameter.split("=", 2);
    if (name!.trim().toLowerCase() === "charset") return (value ?? "").trim().replace(/^"(.*)"$/, "$1").toLowerCase();
  }
  return undefined;
}

async function readText(req: IncomingMessage, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) throw tooLarge(limit);
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    // The client closed the connection mid-body ("aborted"): its mistake, not the service's fault.
    throw invalidInput("the request body ended before it was complete: the connection was closed", [{ code: "http/body-incomplete", severity: "error", message: "the body ended early", path: "" }]);
  }
  try {
    return UTF8.decode(Buffer.concat(chunks, size));
  } catch {
    throw invalidInput("the request body is not valid UTF-8", [{ code: "json/encoding", severity: "error", message: "not valid UTF-8: send the body as UTF-8", path: "" }]);
  }
}

// fatal: a malformed byte sequence is refused, never replaced by U+FFFD (a changed string).
const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

function tooLarge(limit: number): ServiceError {
  return new ServiceError("payload-too-large", `the request body exceeds ${limit} bytes`);
}

/**
 * Text decoded from UTF-8 holds no lone surrogate, and JSON strings may not hold a raw control
 * character: a NUL or a lone surrogate can only come from a `\u` escape (or be raw in text that
 * was not decoded from UTF-8). Without one (almost every body) the value need not be walked.
 */
const ESCAPED_UNSTORABLE = /\\u(?:0000|[dD][89a-fA-F])|\p{Cs}/u;

/** JSON.parse, refusing duplicate keys, deep nesting and unstorable strings; a bad body is a 400 that names the place. */
export function parseStrictJson(text: string): unknown {
  const parsed = parseStrictJsonText(text);
  if (!parsed.ok) throw invalidInput(`the request body is not acceptable JSON: ${parsed.problem.message}`, [parsed.problem]);
  const unstorable = ESCAPED_UNSTORABLE.test(text) ? firstUnstorableString(parsed.value) : undefined;
  if (unstorable !== undefined) {
    const where = unstorable.path || "/";
    throw invalidInput(`the request body cannot be stored as sent: the string at ${where} ${unstorable.reason}`, [
      { code: "http/unstorable-string", severity: "error", message: `the string ${unstorable.reason}; it is refused rather than stored changed`, path: unstorable.path },
    ]);
  }
  return parsed.value;
}
