// What a processor's answer means: a 2xx in a JSON media type with a strict JSON body is a body
// for the caller to validate; anything else in a 2xx is RESULT_MALFORMED; a non-2xx is a typed
// error by its status, refined by a valid error envelope.
import { resultMalformed } from "./client-errors.js";
import { describeMediaType, judgeMediaType, PROCESSOR_MEDIA_TYPE } from "./media-type.js";
import { parseBody } from "./parse-body.js";
import { statusError } from "./status-errors.js";
import type { ProcessorCallError } from "./types.js";

export interface Answer {
  status: number;
  headers: Headers;
  /** Undefined when a non-2xx body was too large or cut off. */
  body: Uint8Array | undefined;
}

export interface AnswerContext {
  requestId: string | null;
  token: string | undefined;
  now: number;
}

export type Interpreted = { ok: true; body: unknown; bytes: number; status: number } | { ok: false; error: ProcessorCallError };

export function interpretAnswer(answer: Answer, context: AnswerContext): Interpreted {
  const { status, headers } = answer;
  const contentType = headers.get("content-type");
  const mediaType = judgeMediaType(contentType);
  if (status < 200 || status >= 300) {
    const parsed = answer.body !== undefined && mediaType === "json" ? parseBody(answer.body) : undefined;
    const body = parsed?.ok === true ? parsed.value : undefined;
    return { ok: false, error: statusError({ status, retryAfter: headers.get("retry-after"), body, ...context }) };
  }
  const bytes = answer.body ?? new Uint8Array(0);
  if (mediaType === "not-json") return { ok: false, error: resultMalformed(status, `has ${describeMediaType(contentType)}, not ${PROCESSOR_MEDIA_TYPE}`) };
  if (mediaType === "other-version") return { ok: false, error: resultMalformed(status, "has the processor media type without version=1, the only version this client reads") };
  const parsed = parseBody(bytes);
  if (!parsed.ok) return { ok: false, error: resultMalformed(status, parsed.problem) };
  return { ok: true, body: parsed.value, bytes: bytes.byteLength, status };
}
