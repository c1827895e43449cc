// An error answer written straight to a socket, for the two places that answer before Koa sees a
// request (a refused WebSocket upgrade, a request the HTTP parser refused): the same JSON envelope
// as the app's, as a complete HTTP/1.1 response that closes the connection.
import { randomUUID } from "node:crypto";
import { STATUS_CODES } from "node:http";
import type { ErrorCode } from "../errors.js";

export function rawErrorResponse(status: number, code: ErrorCode, message: string, correlationId: string = randomUUID()): string {
  // Like every answer of the API: the correlation id in a header and repeated in the error body.
  const body = JSON.stringify({ success: false, error: { code, message, correlationId } });
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "Error"}\r\nContent-Type: application/json\r\nx-correlation-id: ${correlationId}\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}
