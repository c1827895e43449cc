// Golden cases of the data-processing contracts: test/golden/contracts/<contract>/<case>/ holds
// input.json (the document), optionally its context (task.json, request.json, descriptor.json),
// and expected.txt: the diagnostics `svc validate` reports, one per line, or `valid`.
// Self-identifying contracts are recognised from their `schema` member, exactly as svc validate
// does; the others are named by their folder.
import { expect } from "chai";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { CONTRACTS, findContract } from "../../compiler/contracts/contract-registry.js";
import { validateContract, type ValidateOptions } from "../../compiler/contracts/validate-contract.js";
import type { Diagnostic } from "../../generated/types.js";
import { expectGolden, goldenCases } from "../helpers/golden.js";
import { fromRoot } from "../helpers/paths.js";

const CONTEXT_FILES = { "task.json": "task", "request.json": "request", "descriptor.json": "descriptor" } as const;

export function renderContractDiagnostics(diagnostics: readonly Diagnostic[]): string {
  if (diagnostics.length === 0) return "valid\n";
  return diagnostics.map((d) => `${d.severity} ${d.code} at ${d.path === "" || d.path === undefined ? "(document)" : d.path}: ${d.message}${d.suggestion ? ` (${d.suggestion})` : ""}\n`).join("");
}

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, "utf8"));
const contractDirs = readdirSync(fromRoot("test/golden/contracts")).sort();

describe("contract goldens (test/golden/contracts)", () => {
  it("has a folder for every contract, and at least 80 cases in all", () => {
    expect(contractDirs).to.deep.equal(CONTRACTS.map((c) => c.name).sort());
    const total = contractDirs.reduce((n, dir) => n + goldenCases(`contracts/${dir}`).length, 0);
    expect(total).to.be.at.least(80);
  });

  for (const dir of contractDirs) {
    const contract = findContract(dir);
    describe(dir, () => {
      for (const { name, dir: caseDir } of goldenCases(`contracts/${dir}`)) {
        it(name, () => {
          const options: ValidateOptions = contract?.selfIdentifying ? {} : { contract: dir };
          const inputs = ["input.json"];
          for (const [file, key] of Object.entries(CONTEXT_FILES)) {
            if (!existsSync(join(caseDir, file))) continue;
            inputs.push(file);
            (options as Record<string, unknown>)[key] = readJson(join(caseDir, file));
          }
          const { diagnostics } = validateContract(readJson(join(caseDir, "input.json")), options);
          // The folder name says which: valid-* has no error (warnings allowed), invalid-* has one.
          const errors = diagnostics.filter((d) => d.severity === "error").length;
          if (name.startsWith("valid-")) expect(errors, `${name} must be valid`).to.equal(0);
          else if (name.startsWith("invalid-")) expect(errors, `${name} must have an error`).to.be.greaterThan(0);
          else expect.fail(`${name}: a case folder is named valid-* or invalid-*`);
          expectGolden(caseDir, inputs, "expected.txt", renderContractDiagnostics(diagnostics));
        });
      }
    });
  }
});
