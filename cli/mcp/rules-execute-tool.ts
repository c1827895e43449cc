// `rules_execute`: runs a rule once now through POST /api/rules/{id}/execute, the API's own
// execution (real: its actions write to action points). Refused, with nothing sent, unless the
// arguments carry `confirmed: true`.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { z } from "zod";
import type { ApiClient } from "../api/api-client.js";
import { RuleIdInput } from "./rules-get-tool.js";
import { callApi, errorResult, jsonResult } from "./tool-results.js";

export function registerRulesExecute(server: McpServer, client: ApiClient): void {
  server.registerTool(
    "rules_execute",
    {
      title: "Execute a rule now (real actions)",
      description:
        "Executes one rule once, now, exactly as the scheduler would, whether or not the rule is enabled. " +
        "This is REAL, not a simulation or dry run: the rule reads live points and its actions write values " +
        "to the building's action points (setpoints, commands, alarms), and a history record is written. " +
        "It requires `confirmed: true`; set it only when the user has explicitly asked for this rule to be executed. " +
        "Without it the call is refused and nothing is sent. Returns success, actions_attempted, actions_succeeded, " +
        "history_id and the execution result. Needs an Admin or Engineer token.",
      inputSchema: {
        id: RuleIdInput,
        confirmed: z
          .boolean()
          .optional()
          .describe("Must be true: the user's explicit confirmation that the rule may run now and write to action points."),
      },
      outputSchema: {
        rule_id: z.number(),
        success: z.boolean(),
        actions_attempted: z.number(),
        actions_succeeded: z.number(),
        history_id: z.number().nullable(),
        result: z.unknown(),
        error: z.unknown(),
      },
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
    },
    ({ id, confirmed }) => {
      if (confirmed !== true) {
        return errorResult(
          { code: "confirmation-required", message: `refused: executing rule #${id} is real: there is no dry run, and its actions write values to action points. Nothing was sent.` },
          "call rules_execute again with confirmed: true, once the user has confirmed that this rule should run now",
        );
      }
      return callApi(async () => jsonResult({ ...(await client.executeRule(id, { confirmed: true })) }));
    },
  );
}
