// Serves an MCP server over this process's stdin and stdout until the client goes away: stdin
// ends (or stdout breaks), the transport closes, and the promise resolves so `svc` can exit 0.
import type { Readable, Writable } from "node:stream";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";

export async function serveOnStdio(server: McpServer, input: Readable = process.stdin, output: Writable = process.stdout): Promise<void> {
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = resolve;
  });
  // The SDK's transport does not watch for the end of stdin; without this the server would wait forever.
  const close = (): void => void server.close().catch(() => undefined);
  input.once("end", close);
  input.once("close", close);
  output.once("error", close);
  await server.connect(new StdioServerTransport(input, output));
  await closed;
}
