// The MCP server of `svc mcp`: the rule API's read and execute operations as tools for a model.
// Every tool goes through the API client, so the service authenticates, authorizes and audits
// each call exactly as for svc rules.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { ApiClient } from "../api/api-client.js";
import { registerRulesExecute } from "./rules-execute-tool.js";
import { registerRulesGet } from "./rules-get-tool.js";
import { registerRulesList } from "./rules-list-tool.js";

export const MCP_TOOL_NAMES = ["rules_list", "rules_get", "rules_execute"] as const;

export function createRulesMcpServer(client: ApiClient, version: string): McpServer {
  const server = new McpServer(
    { name: "svc", version },
    {
      instructions:
        "Tools of a building automation rules service. rules_list and rules_get only read. " +
        "rules_execute runs a rule for real (its actions write to building points) and needs confirmed: true, " +
        "given only after the user has asked for that execution.",
    },
  );
  registerRulesList(server, client);
  registerRulesGet(server, client);
  registerRulesExecute(server, client);
  return server;
}
