// The "Named points" section of docs/dsl.md is true (issue 17.2): its `rule` examples compile,
// with the site excerpt shown beside them, without a diagnostic, the named and the numeric one to
// identical flow_json and nodes_json; and they are as svc fmt leaves them. (They are fenced as
// `rule`, not bare, because the other docs examples compile without a site.)
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { printRuleFile } from "../compiler/decompiler/index.js";
import { compileRuleSource } from "../compiler/front-ends/dsl/index.js";
import { indexSite } from "../compiler/site/site-index.js";
import { parseRuleSource } from "../grammar/rule/index.js";
import { loadSite } from "../runtime/points/load-site.js";
import { fromRoot } from "./helpers/paths.js";

const page = readFileSync(fromRoot("docs/dsl.md"), "utf8");
const section = /^## Named points\n([\s\S]*?)^## /m.exec(page)?.[1] ?? "";
const fenced = (language: string): string[] => [...section.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].filter((m) => m[1] === language).map((m) => m[2]!);

describe("issue 17.2: docs/dsl.md, Named points", () => {
  it("issue 17.2: the rule examples compile with the site excerpt, named and numeric alike, and are formatted", () => {
    const siteText = fenced("yaml").find((t) => t.startsWith("# site.yaml"));
    expect(siteText, "the section shows a site excerpt").to.be.a("string");
    const loaded = loadSite(siteText!, "site.yaml");
    expect(loaded.diagnostics).to.deep.equal([]);
    const site = indexSite(loaded.site!);
    const rules = fenced("rule");
    expect(rules).to.have.length(2);
    const [named, numeric] = rules.map((text) => {
      const result = compileRuleSource(text, { site });
      expect(result.diagnostics, text).to.deep.equal([]);
      expect(printRuleFile(parseRuleSource(text).file), "svc fmt would change this example").to.equal(text);
      return JSON.stringify(result.rules);
    });
    expect(named).to.equal(numeric);
  });
});
