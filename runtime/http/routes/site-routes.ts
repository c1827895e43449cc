// The editor's routes of issue 17: compile a rule with the service's loaded site without storing it
// (POST /api/rules/validate), and the site's points with who reads and writes each (GET
// /api/site/points). Both only read: permission rule.read, no confirmation, no audit record. The
// caller is authenticated and authorised before the body is read.
import { validateRuleValidateRequest } from "../../../generated/index.js";
import type { RuleValidateRequest } from "../../../generated/types.js";
import { invalidInput } from "../../errors.js";
import { sitePoints } from "../../rules/site-points.js";
import { validateRule } from "../../rules/validate-rule.js";
import { DEFAULT_BODY_LIMIT_BYTES, type AppDeps } from "../app-deps.js";
import { allowRead, type AppContext } from "../guard.js";
import { readJsonBody } from "../read-json-body.js";
import { validateBody } from "../validate-body.js";

type Handler = (ctx: AppContext) => Promise<void>;

const VALIDATE = "POST /api/rules/validate";

export function siteRoutes(deps: AppDeps): Record<string, Handler> {
  return {
    async validateRule(ctx) {
      await allowRead(ctx, deps, "rule.read");
      const body = await readJsonBody(ctx.req, deps.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES);
      const request = oneForm(validateBody(body, validateRuleValidateRequest, VALIDATE));
      ctx.body = { success: true, data: validateRule(request, deps.site) };
    },

    async listSitePoints(ctx) {
      await allowRead(ctx, deps, "rule.read");
      ctx.body = { success: true, data: sitePoints(deps.site, deps.runtime.pointUsage()) };
    },
  };
}

/** Exactly one of flow_json and source (the schema pairs format with source, trigger_config with flow_json). */
function oneForm(request: RuleValidateRequest): RuleValidateRequest {
  const given = (request.flow_json !== undefined ? 1 : 0) + (request.source !== undefined ? 1 : 0);
  if (given === 1) return request;
  const message = given === 0 ? "give flow_json (an editor document) or source and format (a rule file's text)" : "give flow_json or source, not both";
  throw invalidInput(`the body of ${VALIDATE} is invalid: ${message}`, [{ code: "http/one-of", severity: "error", message, path: "" }]);
}
