// Where a diagnostic of compileFlow lies in a rule as the service stores and receives it
// (`{ flow_json, trigger_config, ... }`): compileFlow's paths point into the flow document, except
// those about the trigger it was given, which begin `/trigger_config/` (a flow document has no
// `trigger_config` member, so the two never collide). Used by the service and the CLI.
import type { Diagnostic } from "../../../generated/types.js";
import { TRIGGER_CONFIG_PATH } from "../../passes/site/check-site-points.js";

export { TRIGGER_CONFIG_PATH };

/** Whether the diagnostic is about the trigger given in the options rather than the document. */
export function isTriggerDiagnostic(d: Diagnostic): boolean {
  return d.path?.startsWith(`${TRIGGER_CONFIG_PATH}/`) === true;
}

/** The diagnostic with its path in the rule: `/flow_json/...` or `/trigger_config/...`. */
export function inRule(d: Diagnostic, flowPath = "/flow_json"): Diagnostic {
  return isTriggerDiagnostic(d) ? d : { ...d, path: `${flowPath}${d.path ?? ""}` };
}
