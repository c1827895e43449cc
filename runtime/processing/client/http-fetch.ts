// The client's default fetch: node:http and node:https with a connect timeout of its own (issue
// 16.7). Node's global fetch has one timeout, the abort signal, so a host that never accepts the
// connection holds a call until request_timeout_ms; a dispatcher with a connect timeout would
// need the `undici` package. Here a timer runs from the moment a new socket is assigned until it
// is connected (TCP, and for https the TLS handshake as well); when it fires the request is
// destroyed with a connect-timeout failure, before any byte was sent. A reused keep-alive socket
// is already connected and has no such phase.
//
// Only what exchange() uses is implemented: method, headers, a Uint8Array body and the abort
// signal. Redirects are never followed (a 3xx is returned as the answer, which the client refuses);
// no content coding is asked for (Accept-Encoding: identity) and none is decoded, so the body's
// bytes are exactly what the processor sent and what the byte counter counts.
import { request as httpRequest, type ClientRequest, type IncomingMessage, type RequestOptions } from "node:http";
import { request as httpsRequest } from "node:https";
import type { Socket } from "node:net";
import { Readable } from "node:stream";

/** The code a connect timeout fails with, as undici's own connect timeout does (transport-errors.ts maps it). */
export const CONNECT_TIMEOUT_CODE = "UND_ERR_CONNECT_TIMEOUT";

export interface HttpFetchOptions {
  connectTimeoutMs: number;
}

/** Statuses whose response has no body (the Response constructor refuses one). */
const NULL_BODY = new Set([204, 205, 304]);

export function createHttpFetch(options: HttpFetchOptions): typeof fetch {
  return (input, init) => send(new URL(String(input instanceof Request ? input.url : input)), init ?? {}, options.connectTimeoutMs);
}

function send(url: URL, init: RequestInit, connectTimeoutMs: number): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    const signal = init.signal ?? undefined;
    if (signal?.aborted) return reject(signal.reason);
    const body = init.body === undefined || init.body === null ? undefined : toBuffer(init.body);
    const headers: Record<string, string> = { "accept-encoding": "identity" };
    new Headers(init.headers).forEach((value, name) => (headers[name] = value));
    if (body !== undefined) headers["content-length"] = String(body.byteLength);
    const requestOptions: RequestOptions = { method: init.method ?? "GET", headers, ...(signal === undefined ? {} : { signal }) };
    const request: ClientRequest = (url.protocol === "https:" ? httpsRequest : httpRequest)(url, requestOptions);
    request.on("error", (error) => reject(failed(error)));
    request.on("socket", (socket: Socket) => boundConnect(request, socket, url.protocol === "https:", connectTimeoutMs));
    request.on("response", (response: IncomingMessage) => {
      try {
        resolve(toResponse(response));
      } catch (error) {
        response.destroy();
        reject(failed(error));
      }
    });
    request.end(body);
  });
}

/** Destroys the request when a new socket is not connected (and, for TLS, handshaken) in time. */
function boundConnect(request: ClientRequest, socket: Socket, tls: boolean, timeoutMs: number): void {
  if (request.reusedSocket || !socket.connecting) return;
  const timer = setTimeout(() => {
    const error = Object.assign(new Error(`no connection within ${timeoutMs} ms`), { code: CONNECT_TIMEOUT_CODE });
    request.destroy(error);
  }, timeoutMs);
  const done = (): void => clearTimeout(timer);
  socket.once(tls ? "secureConnect" : "connect", done);
  socket.once("close", done);
  request.once("close", done);
}

function toResponse(response: IncomingMessage): Response {
  const status = response.statusCode ?? 0;
  // Not an HTTP answer the contract knows (1xx ends here only as 101): a failed request.
  if (status < 200 || status > 599) throw new RangeError(`status ${status} is outside 200-599`);
  const headers = new Headers();
  const raw = response.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  if (NULL_BODY.has(status)) {
    response.on("error", () => undefined); // nothing is read from it; a reset here changes nothing
    response.resume();
    return new Response(null, { status, headers });
  }
  return new Response(Readable.toWeb(response) as ReadableStream<Uint8Array>, { status, headers });
}

/** As global fetch fails: a TypeError whose cause carries the system code (transport-errors.ts reads it). */
function failed(cause: unknown): TypeError {
  return new TypeError("fetch failed", { cause });
}

function toBuffer(body: NonNullable<RequestInit["body"]>): Buffer {
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (typeof body === "string") return Buffer.from(body, "utf8");
  throw new TypeError("the processor client sends a Uint8Array or string body only");
}
