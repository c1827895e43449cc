// Issue 17 item 4: where the service places the compiler's diagnostics in a rule as the API shows
// it (PUT's refusal and warnings, the reload's problems): flow problems under /flow_json, trigger
// problems under /trigger_config/point_refs/<k>.
import { expect } from "chai";
import type { Diagnostic } from "../../generated/types.js";
import { inRule } from "../../runtime/rules/rule-warnings.js";

const at = (code: string, path?: string): Diagnostic => ({ code, severity: "error", message: "m", ...(path !== undefined ? { path } : {}) });

describe("issue 17.4: diagnostics placed in the rule", () => {
  it("issue 17.4: flow paths go under /flow_json; trigger paths under /trigger_config, whichever form the compiler gives", () => {
    const placed = inRule([
      at("point/unknown-instance", "/nodes/3/data/config/writes/0"),
      at("flow/cycle"),
      at("point/unknown-trigger-point", "/trigger_config/point_refs/1"),
      at("point/unknown-trigger-point", "/point_refs/2"),
      at("point/unknown-trigger-point"),
    ]).map((d) => d.path);
    expect(placed).to.deep.equal(["/flow_json/nodes/3/data/config/writes/0", "/flow_json", "/trigger_config/point_refs/1", "/trigger_config/point_refs/2", "/trigger_config/point_refs"]);
  });
});
