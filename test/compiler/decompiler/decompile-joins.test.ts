import { expect } from "chai";
import { decompileRule } from "../../../compiler/decompiler/decompile.js";
import { compileRuleSource } from "../../../compiler/front-ends/dsl/index.js";
import type { ExecNode, NodesTopology } from "../../../generated/types.js";
import { MAX_BLOCK_NESTING } from "../../../grammar/rule/nesting.js";
import { canonicalTopology } from "../../helpers/isomorphic.js";
import { dsl, META, rule } from "./decompile-helpers.js";
import { calc, change, end, start, switchNode, topology } from "./topology-builders.js";

describe("decompileRule: joins and ends", () => {
  it("makes a node reached by two wire entries a block, reached by goto and printed after the statements", () => {
    const t = topology(
      ["s", start("sw")],
      ["sw", switchNode("first", [["case_1", "true", ["a"]]], ["b"])],
      ["a", change(["j"], [1, 1, "1"])],
      ["b", change(["j"], [1, 2, "2"])],
      ["j", calc(["e"], ["done", "1"])],
      ["e", end],
    );
    expect(dsl(t)).to.equal(
      rule(
        "when true {",
        "  write action(1, 1) = 1",
        "  goto block_1",
        "}",
        "else {",
        "  write action(1, 2) = 2",
        "  goto block_1",
        "}",
        "block block_1 { let done = 1 }",
      ),
    );
  });

  it("takes the end with the most wire entries as the implicit end; another end is `end`, or a block of `end` when shared", () => {
    const t = topology(
      ["s", start("sw")],
      ["sw", switchNode("first", [["case_1", "true", ["e1"]], ["case_2", "false", ["shared"]], ["case_3", "true", ["main"]]], ["w"])],
      ["e1", end],
      ["w", change(["main", "shared"], [1, 1, "1"])],
      ["main", end],
      ["shared", end],
    );
    expect(dsl(t)).to.equal(
      rule(
        "when true { end }",
        "when false { goto block_1 }",
        "when true { }",
        "else {",
        "  write action(1, 1) = 1",
        "  fork { } { goto block_1 }",
        "}",
        "block block_1 { end }",
      ),
    );
  });

  it("breaks a tie between ends by canonical order: the first end reached is the implicit one", () => {
    const t = topology(["s", start("sw")], ["sw", switchNode("first", [["case_1", "true", ["x"]]], ["y"])], ["y", end], ["x", end]);
    expect(dsl(t)).to.equal(rule("when true { }", "else { end }"));
  });

  it("numbers blocks in canonical order and decides nothing from ids or key order", () => {
    const build = (id: Record<string, string>, reversed: boolean): NodesTopology => {
      const nodes: Array<[string, ExecNode]> = [
        [id.s!, start(id.sw!)],
        [id.sw!, switchNode("first", [["case_1", "true", [id.j1!, id.j2!]]], [id.j2!, id.j1!])],
        [id.j1!, calc([id.e!], ["a", "1"])],
        [id.j2!, calc([id.e!], ["b", "2"])],
        [id.e!, end],
      ];
      return topology(nodes[0]!, ...(reversed ? nodes.slice(1).reverse() : nodes.slice(1)));
    };
    const plain = build({ s: "s", sw: "sw", j1: "j1", j2: "j2", e: "e" }, false);
    const text = dsl(plain);
    expect(decompileRule(build({ s: "z", sw: "y", j1: "x2", j2: "x1", e: "a" }, true), META)).to.equal(text);
    expect(text).to.equal(
      rule(
        "when true {",
        "  fork { goto block_2 } { goto block_1 }",
        "}",
        "else {",
        "  fork { goto block_1 } { goto block_2 }",
        "}",
        "block block_1 { let b = 2 }",
        "block block_2 { let a = 1 }",
      ),
    );
  });
});

describe("decompileRule: deep flows", () => {
  it("writes nodes that would nest past the parser's brace limit as blocks, so a 150-switch-deep flow compiles back", () => {
    const nodes: Array<[string, ExecNode]> = [["s", start("sw0")]];
    for (let k = 0; k < 150; k++) {
      const next = k === 149 ? ["w"] : k % 3 === 0 ? [`sw${k + 1}`, "e"] : [`sw${k + 1}`];
      nodes.push([`sw${k}`, switchNode(k % 2 === 0 ? "all" : "first", [["case_1", "true", next]], ["e"])]);
    }
    nodes.push(["w", change(["e"], [1, 1, "1"])], ["e", end]);
    const original = topology(...nodes);
    const text = decompileRule(original, META);
    let depth = 0;
    let deepest = 0;
    for (const c of text) {
      depth += c === "{" ? 1 : c === "}" ? -1 : 0;
      deepest = Math.max(deepest, depth);
    }
    expect(deepest).to.be.within(90, MAX_BLOCK_NESTING);
    expect(text).to.include("block block_1 {");
    const compiled = compileRuleSource(text);
    expect(compiled.diagnostics).to.deep.equal([]);
    expect(canonicalTopology(compiled.rules[0]!.nodes_json)).to.deep.equal(canonicalTopology(original));
    expect(decompileRule(compiled.rules[0]!.nodes_json, META)).to.equal(text);
  });
});
