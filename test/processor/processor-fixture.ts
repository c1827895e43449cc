// The reference processor on 127.0.0.1:0 with a hand-driven clock, and a bounded fetch helper.
import { PROCESSOR_MEDIA_TYPE } from "../../runtime/processor/descriptor.js";
import { startReferenceProcessor, type RunningProcessor, type StartProcessorOptions } from "../../runtime/processor/start-processor.js";

export const MEDIA_TYPE = PROCESSOR_MEDIA_TYPE;
export const TOKEN = "a-processor-token-for-the-tests";

export interface ProcessorFixture extends RunningProcessor {
  /** The processor's clock; tests set it. */
  now: { ms: number };
  internalErrors: unknown[];
  post(body: unknown, options?: PostOptions): Promise<Reply>;
  get(path: string, options?: { token?: string | null }): Promise<Reply>;
}

export interface PostOptions {
  /** Default TOKEN; null sends no Authorization header. */
  token?: string | null;
  contentType?: string | null;
  headers?: Record<string, string>;
  path?: string;
  method?: string;
}

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

/** `nowMs` starts the hand-driven clock; `clock`, when given, replaces it. */
export async function startProcessorFixture(options: Partial<StartProcessorOptions> & { nowMs: number }): Promise<ProcessorFixture> {
  const now = { ms: options.nowMs };
  const internalErrors: unknown[] = [];
  const { nowMs: _ignored, clock, ...rest } = options;
  const running = await startReferenceProcessor({
    port: 0,
    version: "0.1.0",
    token: TOKEN,
    onInternalError: (error) => internalErrors.push(error),
    ...rest,
    clock: clock ?? (() => now.ms),
  });
  const send = async (method: string, path: string, body: string | undefined, headers: Record<string, string>): Promise<Reply> => {
    const response = await fetch(`${running.url}${path}`, { method, headers, ...(body === undefined ? {} : { body }), redirect: "error", signal: AbortSignal.timeout(10_000) });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json };
  };
  const auth = (token: string | null | undefined): Record<string, string> => (token === null ? {} : { authorization: `Bearer ${token ?? TOKEN}` });
  return {
    ...running,
    now,
    internalErrors,
    post: (body, o = {}) =>
      send(o.method ?? "POST", o.path ?? "/v1/process", typeof body === "string" ? body : JSON.stringify(body), {
        ...auth(o.token),
        ...(o.contentType === null ? {} : { "content-type": o.contentType ?? MEDIA_TYPE }),
        ...o.headers,
      }),
    get: (path, o = {}) => send("GET", path, undefined, auth(o.token)),
  };
}
