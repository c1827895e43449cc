// What sync and import say about the reload after their changes (issue 17): a stored rule whose
// flow does not match the service's site still loads and runs, and is said not to match the site,
// not to have "warnings".
import { expect } from "chai";
import { printSyncReport } from "../../cli/sync/print-sync.js";

function printed(problems: Array<{ excluded: boolean; severity: "error" | "warning"; message: string }>): string {
  let out = "";
  const reload = {
    loaded: 2,
    enabled: 2,
    problems: problems.map((p, k) => ({ ruleId: k + 1, name: `r${k + 1}`, excluded: p.excluded, diagnostics: [{ code: "point/unknown-instance", severity: p.severity, message: p.message }] })),
  };
  const step = { action: "create" as const, id: 1, name: "r1", file: "pack/r1.rule" };
  printSyncReport({ command: "sync", source: "pack", dryRun: false, enable: false, steps: [step], outcome: { applied: [step], notApplied: [], reload }, reload }, { out: (t) => (out += t), err: (t) => (out += t) }, false);
  return out;
}

describe("issue 17: the reload report of sync and import", () => {
  it("issue 17.4: a rule whose flow does not match the site is 'loaded, but it does not match the site'; warnings alone are warnings", () => {
    const text = printed([
      { excluded: false, severity: "error", message: "the flow reads measurement(7, 3), but the site has no instance 7" },
      { excluded: false, severity: "warning", message: "comparing a (degC) with b (Pa)" },
      { excluded: true, severity: "error", message: "cannot run" },
    ]);
    expect(text).to.contain('#1 "r1": loaded, but it does not match the site: the flow reads measurement(7, 3), but the site has no instance 7');
    expect(text).to.contain('#2 "r2": loaded with warnings: comparing a (degC) with b (Pa)');
    expect(text).to.contain('#3 "r3": not loaded: cannot run');
  });
});
