// `rules_list`: the rules of the service (GET /api/rules, every page), as summaries.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import type { ApiClient } from "../api/api-client.js";
import { callApi, jsonResult } from "./tool-results.js";

const RuleSummaryShape = z.object({ id: z.number(), name: z.string(), enabled: z.boolean(), description: z.string() });

export function registerRulesList(server: McpServer, client: ApiClient): void {
  server.registerTool(
    "rules_list",
    {
      title: "List rules",
      description:
        "Lists every automation rule of the building rules service: its id, name, whether it is enabled " +
        "(run by the scheduler) and its description. Read-only. Use rules_get with an id for a rule's flow and DSL.",
      outputSchema: { rules: z.array(RuleSummaryShape) },
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    () =>
      callApi(async () => {
        const rules = (await client.listRules()).map(({ id, name, enabled, description }) => ({ id, name, enabled, description }));
        return jsonResult({ rules });
      }),
  );
}
