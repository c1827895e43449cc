// Issue 19 (outside review): YAML documents are read with their duplicate keys found in one pass
// per mapping. The yaml package's own check compares each key with every earlier one, so a
// POST /api/rules/validate of an 80,000-key mapping (under 1 MiB, any role) held the event loop
// for 75 s. The reported duplicates must stay exactly the parser's.
import { expect } from "chai";
import { parseDocument } from "yaml";
import { parseYamlDocument } from "../../../compiler/front-ends/yaml/parse-yaml-document.js";

const DOCUMENTS = [
  "a: 1\nb: 2\na: 3\n",
  "a: 1\n'a': 2\n\"a\": 3\n",
  "1: x\n'1': y\n1: z\n",
  "{a: 1, b: 2, a: 3, b: 4}\n",
  "outer:\n  a: 1\n  a: 2\nlist:\n  - k: 1\n    k: 2\n  - k: 3\n",
  "~: 1\nnull: 2\n: 3\n",
  ".nan: 1\n.nan: 2\n.inf: 3\n.inf: 4\n",
  "&x a: 1\n*x : 2\na: 3\n",
  "? [1, 2]\n: a\n? [1, 2]\n: b\n",
  "true: 1\nTrue: 2\nyes: 3\n",
  "rules:\n  - name: one\n    name: two\n    trigger: {every: 1s, every: 2s}\n",
];

const duplicates = (doc: { errors: { code: string; pos: [number, number] }[] }): string[] =>
  doc.errors.filter((e) => e.code === "DUPLICATE_KEY").map((e) => `${e.code}@${e.pos[0]}`);

describe("YAML duplicate keys in one pass (issue 19)", () => {
  for (const text of DOCUMENTS) {
    it(`issue 19: reports the duplicate keys the parser's own check reports: ${JSON.stringify(text)}`, () => {
      const own = parseDocument(text, { uniqueKeys: true, prettyErrors: false });
      const read = parseYamlDocument(text);
      expect(duplicates(read)).to.deep.equal(duplicates(own));
      expect(read.errors.map((e) => e.code)).to.deep.equal(own.errors.map((e) => e.code));
      expect(read.toJS({ mapAsMap: true })).to.deep.equal(parseDocument(text, { uniqueKeys: false }).toJS({ mapAsMap: true }));
    });
  }

  it("issue 19: an 80,000-key mapping is read with its two repeated keys, not compared key by key (the parser's check took 75 s)", () => {
    const keys = Array.from({ length: 80_000 }, (_, i) => `k${i}: ${i}`);
    keys.push("k17: again", "k79999: again");
    const text = keys.join("\n");
    const read = parseYamlDocument(text);
    expect(duplicates(read)).to.deep.equal([`DUPLICATE_KEY@${text.lastIndexOf("k17: again")}`, `DUPLICATE_KEY@${text.lastIndexOf("k79999: again")}`]);
  });
});
