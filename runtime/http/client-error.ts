// The HTTP server's `clientError`: a request its parser refused (malformed request line or header,
// headers over the limit, not received in time). Node answers in plain text by default; this
// answers in the API's JSON envelope, under Node's own condition (nothing of a response on this
// connection written yet), and lets a peer that reset the connection go without a word. Node has
// put its own `error` listener on the socket before this runs.
import type { Duplex } from "node:stream";
import { rawErrorResponse } from "./raw-error-response.js";

export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  // Undocumented but stable: the response in flight on this connection, if any.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (error.code === "ECONNRESET" || !socket.writable || inFlight?.headersSent === true) return void socket.destroy();
  const [status, message] = describe(error.code);
  socket.end(rawErrorResponse(status, status === 413 ? "payload-too-large" : "invalid-input", message), () => socket.destroy());
}

function describe(code: string | undefined): [number, string] {
  switch (code) {
    case "HPE_HEADER_OVERFLOW":
      return [431, "the request's headers are larger than the server accepts"];
    case "HPE_CHUNK_EXTENSIONS_OVERFLOW":
      return [413, "the request's chunk extensions are larger than the server accepts"];
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return [408, "the request was not received in time"];
    default:
      return [400, "the request is not valid HTTP/1.1"];
  }
}
