// `rules_get`: one rule as GET /api/rules/{id} answers it, with its rule DSL when it has one.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import type { ApiClient } from "../api/api-client.js";
import { ruleDslOf } from "../rule-dsl.js";
import { callApi, jsonResult } from "./tool-results.js";

export const RuleIdInput = z.number().int().positive().describe("The rule's id (a positive integer), as rules_list gives it.");

export function registerRulesGet(server: McpServer, client: ApiClient): void {
  server.registerTool(
    "rules_get",
    {
      title: "Get a rule",
      description:
        "Returns one rule as the rules service stores it: name, description, enabled, priority, cooldown_ms, " +
        "trigger_config, flow_json (the editor document), nodes_json (the execution topology) and timestamps, " +
        "and `dsl`: the same rule in the readable rule DSL (conditions and `write action(...)` statements), or null " +
        "with `dsl_note` saying why (a stub has no flow yet). Read-only.",
      inputSchema: { id: RuleIdInput },
      outputSchema: {
        rule: z.looseObject({ id: z.number(), name: z.string(), enabled: z.boolean() }),
        dsl: z.string().nullable(),
        dsl_note: z.string().nullable(),
      },
      annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    ({ id }) =>
      callApi(async () => {
        const rule = await client.getRule(id);
        const dsl = ruleDslOf(rule);
        const note = dsl.kind === "stub" ? "a stub: no flow yet" : dsl.kind === "failed" ? `not expressible as DSL: ${dsl.reason}` : null;
        return jsonResult({ rule, dsl: dsl.kind === "dsl" ? dsl.text : null, dsl_note: note });
      }),
  );
}
