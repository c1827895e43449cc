// Reads a JSON request body: application/json only (other media types are refused, never read
// as `{}`), no content encoding (the limit counts the bytes received), at most `limit` bytes, and
// no duplicate keys (JSON.parse would silently keep the last `confirmed`). Syntax errors name
// the line and column.
import type { IncomingMessage } from "node:http";
import { parseStrictJsonText } from "../../compiler/diagnostics/strict-json.js";
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

/** JSON.parse, refusing duplicate keys; a bad body is a 400 that names the place. */
export function parseStrictJson(text: string): unknown {
  const parsed = parseStrictJsonText(text);
  if (!parsed.ok) throw invalidInput(`the request body is not acceptable JSON: ${parsed.problem.message}`, [parsed.problem]);
  return parsed.value;
}
