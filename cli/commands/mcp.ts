// `svc mcp`: a Model Context Protocol server on stdio (the official SDK) with the tools
// rules_list, rules_get and rules_execute, each a call of the rule API with SVC_ACCESS_TOKEN.
// stdout carries the protocol and nothing else; notes and refusals go to stderr.
import { TOKEN_HINT, withApi } from "../api/api-command.js";
import { DEFAULT_BASE_URL, readApiSettings } from "../api/api-settings.js";
import { EXIT, UsageError, type Console } from "../console.js";
import { createRulesMcpServer } from "../mcp/create-mcp-server.js";
import { tokenMissingClient } from "../mcp/token-missing-client.js";
import { packageVersion } from "../version.js";
import { serveOnStdio } from "../mcp/serve-stdio.js";
import { parseOptions } from "../options.js";

export const MCP_USAGE = `usage: svc mcp

A Model Context Protocol server on stdio, for an MCP client (an AI assistant or agent). Tools:
  rules_list     every rule: id, name, enabled, description (read-only)
  rules_get      {id}: one rule as the API answers it, and its rule DSL (read-only)
  rules_execute  {id, confirmed}: runs the rule once now, for real: its actions write to action
                 points (no dry run). Refused, with nothing sent, unless confirmed is true
Each tool calls the rule API at SVC_BASE_URL (default ${DEFAULT_BASE_URL}) with the token in
SVC_ACCESS_TOKEN, as svc rules does: the service checks the token's role (executing needs
Admin or Engineer) and audits every execution. Without SVC_ACCESS_TOKEN it still starts (so the
client can show why) and answers every tool call with the error token-missing, sending nothing.
stdout carries only the protocol; notes go to stderr. It stops when the client closes stdin.

Register it with an MCP client, e.g. in its JSON configuration (mcpServers):
  {
    "mcpServers": {
      "svc": {
        "command": "node",
        "args": ["/path/to/svc/dist/cli/svc.js", "mcp"],
        "env": {
          "SVC_BASE_URL": "http://127.0.0.1:8080",
          "SVC_ACCESS_TOKEN": "<svc token --role Engineer --sub assistant --ttl 30d>"
        }
      }
    }
  }
or, from the project folder, "command": "npx" with "args": ["svc", "mcp"]. Build first (npm run build).
Exit codes: 0 the client closed the connection, 2 wrong usage.`;

export async function mcpCommand(args: string[], console: Console, _cwd: string, env: Record<string, string | undefined>): Promise<number> {
  const { positionals } = parseOptions(args, {});
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}': svc mcp takes no arguments (settings come from SVC_BASE_URL and SVC_ACCESS_TOKEN)`);
  const settings = readApiSettings(env);
  if (settings.token === undefined) {
    // An MCP client shows a server that exits as "Connection closed"; one that answers each call
    // with the reason is something the user can act on.
    console.err(`svc mcp: SVC_ACCESS_TOKEN is not set: serving anyway, and every tool call answers token-missing until it is set\n  ${TOKEN_HINT}\n`);
    await serveOnStdio(createRulesMcpServer(tokenMissingClient(), packageVersion()));
    console.err("svc mcp: the client closed the connection; stopped\n");
    return EXIT.ok;
  }
  return withApi("mcp", console, env, false, async ({ client, settings }) => {
    console.err(`svc mcp: serving rules_list, rules_get and rules_execute on stdio for ${settings.baseUrl}\n`);
    await serveOnStdio(createRulesMcpServer(client, packageVersion()));
    console.err("svc mcp: the client closed the connection; stopped\n");
    return EXIT.ok;
  });
}
