// The request body, bounded and strict (spec: Validation order, 1: size, then JSON syntax): no
// content encoding (the limit counts the bytes received), at most `limit` bytes (Content-Length
// is checked first, then every chunk as it arrives, so a chunked body cannot slip past), UTF-8,
// and JSON without duplicate keys (JSON.parse would silently keep the last one).
import type { IncomingMessage } from "node:http";
import { parseStrictJsonText } from "../../compiler/diagnostics/strict-json.js";
import { ProcessorError } from "./processor-error.js";

export async function readRequestBody(req: IncomingMessage, limit: number): Promise<unknown> {
  const encoding = (req.headers["content-encoding"] ?? "identity").toLowerCase();
  if (encoding !== "identity") throw new ProcessorError("MEDIA_TYPE_UNSUPPORTED", `content-encoding ${encoding.slice(0, 40)} is not accepted; send the body uncompressed`, { rule: "content-encoding" });
  const length = req.headers["content-length"];
  if (length !== undefined && Number(length) > limit) throw tooLarge(limit);
  return parseRequestJson(await readBytes(req, limit));
}

/** Reads the whole body; past `limit` it stops keeping bytes, drains the rest and fails. */
function readBytes(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      // Not req.destroy(): that would close the socket before the 413 is written. Drain instead;
      // the server's request timeout bounds a body that never ends.
      req.off("data", onData);
      req.off("end", onEnd);
      req.resume();
      reject(tooLarge(limit));
    };
    const onEnd = (): void => resolve(Buffer.concat(chunks, size));
    req.on("data", onData);
    req.on("end", onEnd);
    // A client that aborts mid-body gets no answer anyway; this is not a processor failure.
    req.once("error", () => reject(new ProcessorError("REQUEST_INVALID", "the request body could not be read to its end", { rule: "body-incomplete" })));
  });
}

export function parseRequestJson(bytes: Buffer): unknown {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new ProcessorError("REQUEST_INVALID", "the request body is not valid UTF-8", { rule: "json/encoding" });
  }
  if (text.trim() === "") throw new ProcessorError("REQUEST_INVALID", "the request has no body; send a svc.data-processing.request.v1 document", { rule: "json/empty" });
  const parsed = parseStrictJsonText(text);
  if (parsed.ok) return parsed.value;
  const { problem } = parsed;
  throw new ProcessorError("REQUEST_INVALID", `the request body is not acceptable JSON: ${problem.message}`, { rule: problem.code, path: problem.path ?? "" });
}

function tooLarge(limit: number): ProcessorError {
  return new ProcessorError("FRAME_TOO_LARGE", `the request body exceeds this processor's limit of ${limit} bytes (limits.max_request_bytes)`, {
    rule: "max_request_bytes",
    limit,
  });
}
