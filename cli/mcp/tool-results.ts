// What the MCP tools answer: a JSON text (and the same value as structuredContent), or an error
// result the model can read: the service's code, message and correlation id, never a stack.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { TOKEN_HINT } from "../api/api-command.js";
import { ApiError, ServiceFailure } from "../api/api-errors.js";
import { TokenMissingError } from "./token-missing-client.js";

export function jsonResult(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: "text", text: JSON.stringify(value, null, 2) }], structuredContent: value };
}

/** A refusal or failure: `isError` and a text (no structuredContent: it would have to match the output schema). */
export function errorResult(error: Record<string, unknown>, hint?: string): CallToolResult {
  return { isError: true, content: [{ type: "text", text: JSON.stringify({ error, ...(hint === undefined ? {} : { hint }) }, null, 2) }] };
}

/** Runs one API call for a tool; a failed request becomes an error result. */
export async function callApi(call: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError) {
      const { status, code, message, correlationId, details } = error;
      return errorResult({ status, code, message, correlationId: correlationId ?? null, ...(details ? { details } : {}) }, hintOf(code));
    }
    if (error instanceof TokenMissingError) {
      return errorResult({ code: "token-missing", message: error.message }, `set SVC_ACCESS_TOKEN in the MCP client's configuration of svc mcp (an Engineer token to execute) and restart it: ${TOKEN_HINT}`);
    }
    if (error instanceof ServiceFailure) {
      return errorResult({ status: error.status ?? null, code: "service-failure", message: error.message, correlationId: error.correlationId ?? null });
    }
    // A bug of ours: say what, not where (no stack trace to the client).
    return errorResult({ code: "internal-error", message: (error as Error).message ?? String(error) });
  }
}

function hintOf(code: string): string | undefined {
  if (code === "permission-denied") return "the access token's role may not do this: executing rules needs an Admin or Engineer token (SVC_ACCESS_TOKEN of the svc mcp process)";
  if (code === "unauthenticated") return "the service did not accept SVC_ACCESS_TOKEN of the svc mcp process (expired, or signed with another key?)";
  if (code === "not-found") return "no rule has this id: rules_list gives the ids";
  return undefined;
}
