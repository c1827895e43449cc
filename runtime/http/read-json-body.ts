// Reads a JSON request body: application/json only (other media types are refused, never read
// as `{}`), no content encoding (the limit counts the bytes received), at most `limit` bytes, and
// no duplicate keys (JSON.parse would silently keep the last `confirmed`). Syntax errors name
// the line and column.
import type { IncomingMessage } from "node:http";
import { firstJsonProblem, hasDuplicateKey } from "../../compiler/diagnostics/strict-json.js";
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
  const problem = firstJsonProblem(text) ?? { code: "json/syntax", severity: "error", message: "not valid JSON", path: "" };
  return invalidInput(`the request body is not acceptable JSON: ${problem.message}`, [problem]);
}
