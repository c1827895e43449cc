// Issue 19: the rules store maps a row in one place. Each column is checked and converted by one
// call in runtime/store/knex-rule-store.ts, so that every read (get, list, listRunnable,
// getTrigger, findByName) gives a value the same shape and names a bad one the same way.
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { fromRoot } from "../helpers/paths.js";

describe("the rules store's row mapping (issue 19)", () => {
  it("issue 19: each column of a rules row is converted in one place (listRunnable, summaries and whole rules share the mapping)", () => {
    const source = readFileSync(fromRoot("runtime/store/knex-rule-store.ts"), "utf8");
    const conversions = new Map<string, number>();
    for (const match of source.matchAll(/\b(?:toInteger|toText|toBoolean|parseJsonText|parseNullableJsonText)\(row\.(\w+)/g)) {
      conversions.set(match[1]!, (conversions.get(match[1]!) ?? 0) + 1);
    }
    expect(conversions.get("name"), "the mapping is found").to.be.at.least(1);
    expect([...conversions].filter(([, count]) => count > 1).map(([column, count]) => `${column}: ${count} conversions`)).to.deep.equal([]);
  });
});
