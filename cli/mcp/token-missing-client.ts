// The API client of an `svc mcp` started without SVC_ACCESS_TOKEN: the server still starts (an
// MCP client would otherwise see only "Connection closed"), and every tool call that would need
// the API answers this error instead, sending nothing.
import type { ApiClient } from "../api/api-client.js";

export class TokenMissingError extends Error {
  override name = "TokenMissingError";
}

export const TOKEN_MISSING_MESSAGE = "SVC_ACCESS_TOKEN is not set in the environment of the svc mcp process, and the service answers only authenticated requests; nothing was sent";

/** A client whose every call rejects with TokenMissingError. */
export function tokenMissingClient(): ApiClient {
  return new Proxy({} as ApiClient, {
    get: () => () => Promise.reject(new TokenMissingError(TOKEN_MISSING_MESSAGE)),
  });
}
