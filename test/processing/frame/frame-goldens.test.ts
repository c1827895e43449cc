// Frame assembly goldens (spec: Processing frame, Grid rules; issue 7 item 7): raw samples in,
// frame out. test/golden/frames/<case>/input.json (see frame-case.ts) and expected.json, the
// whole assembly result. The case name says the outcome: valid-* assembles, rejected-* is
// QUALITY_REJECTED, invalid-* is FRAME_INVALID. Every frame assembled is checked against the
// contract: an accepted one has no error, a rejected one only the quality errors it was refused for.
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { validateContract } from "../../../compiler/contracts/validate-contract.js";
import { assembleFrame } from "../../../runtime/processing/frame/assemble-frame.js";
import { isQualityCode } from "../../../runtime/processing/frame/judge-frame.js";
import { expectGolden, goldenCases, toGoldenText } from "../../helpers/golden.js";
import { caseTask, toFrameInput, type FrameCase } from "./frame-case.js";

const OUTCOMES: Record<string, string> = { valid: "ok", rejected: "QUALITY_REJECTED", invalid: "FRAME_INVALID" };

describe("frame assembly goldens (test/golden/frames)", () => {
  const cases = goldenCases("frames");

  it("has the cases issue 7 asks for", () => {
    expect(cases.length).to.be.at.least(20);
  });

  for (const { name, dir } of cases) {
    it(name, () => {
      const file = JSON.parse(readFileSync(join(dir, "input.json"), "utf8")) as FrameCase;
      const task = caseTask(file);
      expect(validateContract(task, {}).diagnostics.filter((d) => d.severity === "error"), "the case's task is a valid task").to.deep.equal([]);
      const result = assembleFrame(toFrameInput(file));
      const outcome = OUTCOMES[name.split("-")[0]!];
      expect(outcome, `${name}: a case is named valid-*, rejected-* or invalid-*`).to.not.equal(undefined);
      expect(result.ok ? "ok" : result.code).to.equal(outcome);
      if (result.ok || result.code === "QUALITY_REJECTED") {
        const errors = validateContract(result.frame, { task }).diagnostics.filter((d) => d.severity === "error");
        if (result.ok) expect(errors, "an assembled frame passes its contract").to.deep.equal([]);
        else expect(errors.filter((d) => !isQualityCode(d.code)), "a rejected frame is coherent apart from its quality").to.deep.equal([]);
      }
      expectGolden(dir, ["input.json"], "expected.json", toGoldenText(result));
    });
  }
});
