// Golden traces: one line per execution, the trace file's form (read back, other entries kept on
// update), the comparison and its diff (a longest-common-subsequence diff of lines).
import { expect } from "chai";
import fc from "fast-check";
import { checkTrace, parseTraceFile, printTraceFile, traceFileOf, traceLines, updateEntries } from "../../scenarios/golden-trace.js";
import { diffLines, formatDiff } from "../../scenarios/line-diff.js";
import { T0, failingOutcome, passingOutcome } from "./outcome-fixtures.js";

describe("svc test golden traces", () => {
  it("issue 18.3: one line per execution: time offset, rule, cause, outputs taken, writes with ok or refused", () => {
    const outcome = failingOutcome();
    expect(traceLines(outcome)).to.deep.equal([
      "+30s | AHU-1 cooling stages | on_change fast zone1.room_temp=24.2 | took switch_1:up | ahu1.cooling_stage=1 ok",
      "+2m | AHU-1 cooling stages | on_change fast zone1.room_temp=24.6 | took switch_1:default | no writes",
    ]);
    outcome.writes[0] = { ...outcome.writes[0]!, accepted: false, reason: "the channel is down" };
    outcome.executions[1]!.result!.short_circuit = { node: "input_1", variable: "zone_temp", instance: 12, point_type: "measurement", point: 3, reason: "the point's value is unavailable" };
    outcome.executions[1]!.result!.nodes = outcome.executions[1]!.result!.nodes.slice(0, 2);
    outcome.executions.push({ at: T0 + 180_000, ruleId: 2, rule: "AHU-1 cooling stages", cause: { kind: "interval", at: T0 + 180_000 }, result: null, error: { code: "rule/too-costly", message: "too costly" } });
    expect(traceLines(outcome)).to.deep.equal([
      "+30s | AHU-1 cooling stages | on_change fast zone1.room_temp=24.2 | took switch_1:up | ahu1.cooling_stage=1 refused (the channel is down)",
      "+2m | AHU-1 cooling stages | on_change fast zone1.room_temp=24.6 | short-circuit input_1: zone_temp unavailable",
      "+3m | AHU-1 cooling stages | interval | error rule/too-costly: too costly",
    ]);
  });

  it("issue 18.3: the trace file sits beside the test file: x.test.yaml -> x.trace.yaml", () => {
    expect(traceFileOf("packs/demo/tests/ahu1.test.yaml")).to.equal("packs/demo/tests/ahu1.trace.yaml");
    expect(traceFileOf("a.test.yml")).to.equal("a.trace.yaml");
  });

  it("issue 18.3: the file reads back what was written; --update replaces the updated entries and keeps the others in place", () => {
    const text = printTraceFile("ahu1.test.yaml", new Map([["b", ["- x", "1", "+30s | r | interval | no writes"]], ["a: colon", []]]));
    expect(text.startsWith("# Golden traces of ahu1.test.yaml")).to.equal(true);
    const parsed = parseTraceFile(text);
    expect("entries" in parsed && [...parsed.entries]).to.deep.equal([["b", ["- x", "1", "+30s | r | interval | no writes"]], ["a: colon", []]]);
    const updated = updateEntries((parsed as { entries: Map<string, string[]> }).entries, [["new", ["n"]], ["b", ["changed"]]]);
    expect([...updated]).to.deep.equal([["b", ["changed"]], ["a: colon", []], ["new", ["n"]]]);
    expect(printTraceFile("ahu1.test.yaml", updated)).to.equal(printTraceFile("ahu1.test.yaml", updated), "stable");
  });

  it("issue 18.3: a malformed trace file is an error at line:col", () => {
    expect(parseTraceFile("a: [1, 2]\n")).to.deep.equal({ error: "1:4: the trace of 'a' must be a list of lines (strings)" });
    expect(parseTraceFile("- a\n")).to.deep.equal({ error: "1:1: a trace file is a map from scenario name to a list of lines" });
    expect("error" in parseTraceFile("a: [\n")).to.equal(true);
    expect(parseTraceFile("")).to.deep.equal({ entries: new Map() });
  });

  it("issue 18.3: a run compares: the same lines match; different lines fail with a diff; a missing file or entry says to run --update", () => {
    const lines = traceLines(passingOutcome());
    expect(checkTrace("s", lines, "t.trace.yaml", new Map([["s", lines]]))).to.deep.equal({ kind: "matches", file: "t.trace.yaml" });
    expect(checkTrace("s", lines, "t.trace.yaml", undefined)).to.deep.include({ kind: "missing", why: "t.trace.yaml does not exist; run svc test --update to write it" });
    expect(checkTrace("s", lines, "t.trace.yaml", new Map())).to.deep.include({ kind: "missing", why: "t.trace.yaml has no trace of this scenario; run svc test --update to write it" });
    const expected = Array.from({ length: 12 }, (_, i) => String(i + 1));
    const actual = [...expected.slice(0, 4), "x", ...expected.slice(5), "13"];
    const check = checkTrace("s", actual, "t.trace.yaml", new Map([["s", expected]]));
    expect(check).to.deep.equal({ kind: "differs", file: "t.trace.yaml", removed: 1, added: 2, diff: ["  3", "  4", "- 5", "+ x", "  6", "  7", "…", "  11", "  12", "+ 13"] });
  });

  it("issue 18.3: the diff is a shortest edit script: kept lines are a longest common subsequence, and applying it gives both sides", () => {
    const lines = fc.array(fc.constantFrom("a", "b", "c", "d"), { maxLength: 14 });
    fc.assert(
      fc.property(lines, lines, (a, b) => {
        const diff = diffLines(a, b);
        expect(diff.filter((l) => l.kind !== "added").map((l) => l.text)).to.deep.equal(a);
        expect(diff.filter((l) => l.kind !== "removed").map((l) => l.text)).to.deep.equal(b);
        expect(diff.filter((l) => l.kind === "same").length).to.equal(lcsLength(a, b));
      }),
      { numRuns: 300 },
    );
  });

  it("issue 18.3: a long diff is cut with a count of the rest", () => {
    const out = formatDiff(diffLines([], Array.from({ length: 100 }, (_, i) => `l${i}`)), 2, 10);
    expect(out).to.have.length(11);
    expect(out[10]).to.equal("… and 90 more differing lines");
  });
});

function lcsLength(a: string[], b: string[]): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    let diagonal = 0;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j]!;
      row[j] = x === b[j - 1] ? diagonal + 1 : Math.max(row[j]!, row[j - 1]!);
      diagonal = up;
    }
  }
  return row[b.length]!;
}
