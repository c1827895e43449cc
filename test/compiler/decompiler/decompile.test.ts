import { expect } from "chai";
import { dsl, rule } from "./decompile-helpers.js";
import { calc, change, delta, end, input, start, switchNode, topology } from "./topology-builders.js";

describe("decompileRule: statements", () => {
  it("writes a straight path as line statements, the shared end implicit", () => {
    const t = topology(
      ["s", start("i")],
      ["i", input(["c"], [["t", 1, 2]], [["sp", -21.5]])],
      ["c", calc(["w"], ["err", "t - sp"])],
      ["w", change(["d"], [7, 1, "err"])],
      ["d", delta(["e"], "used", 3, 10, 900_000)],
      ["e", end],
    );
    expect(dsl(t)).to.equal(
      rule("input t = measurement(1, 2)", "param sp = -21.5", "let err = t - sp", "write action(7, 1) = err", "delta used = measurement(3, 10) over 15m"),
    );
  });

  it("writes a node that follows lines of its own kind as `node { }`, so that it stays a node of its own", () => {
    const t = topology(
      ["s", start("i1")],
      ["i1", input(["i2"], [["t", 1, 2]])],
      ["i2", input(["i3"], [], [["p", true]])],
      ["i3", input(["c1"], [["u", 1, 3]])],
      ["c1", calc(["c2"], ["a", "1"])],
      ["c2", calc(["w1"], ["b", "2"], ["b2", "b"])],
      ["w1", change(["w2"], [7, 1, "a"])],
      ["w2", change(["e"], [7, 2, "b"])],
      ["e", end],
    );
    expect(dsl(t)).to.equal(
      rule(
        "input t = measurement(1, 2)",
        "node { param p = true }",
        "input u = measurement(1, 3)",
        "let a = 1",
        "node {",
        "  let b = 2",
        "  let b2 = b",
        "}",
        "write action(7, 1) = a",
        "node { write action(7, 2) = b }",
      ),
    );
  });

  it("writes a first switch as a bare `when` chain: labels only where the output is not case_<n>, no else for the implicit end", () => {
    const t = topology(
      ["s", start("i")],
      ["i", input(["sw"], [["t", 1, 2]])],
      ["sw", switchNode("first", [["case_1", "t > 25", ["w"]], ["cold", "t < 5", ["e"]], ["case_2", "t == 7", ["e"]]], ["e"])],
      ["w", change(["e"], [7, 1, "1"])],
      ["e", end],
    );
    expect(dsl(t)).to.equal(
      rule("input t = measurement(1, 2)", "when t > 25 { write action(7, 1) = 1 }", "when cold: t < 5 { }", "when case_2: t == 7 { }"),
    );
  });

  it("writes an all switch as `match all`, with `else` when the default leads elsewhere than the implicit end", () => {
    const t = topology(
      ["s", start("sw")],
      ["sw", switchNode("all", [["case_1", "true", ["w1"]], ["case_2", "false", ["e"]]], ["w2"])],
      ["w1", change(["e"], [1, 1, "1"])],
      ["w2", change(["e"], [1, 2, "2"])],
      ["e", end],
    );
    expect(dsl(t)).to.equal(
      rule("match all {", "  when true { write action(1, 1) = 1 }", "  when false { }", "  else { write action(1, 2) = 2 }", "}"),
    );
  });

  it("writes a wire with several targets as a fork; a branch to the implicit end is `{ }`", () => {
    const t = topology(
      ["s", start("c")],
      ["c", calc(["w1", "e", "w2"], ["a", "1"])],
      ["w1", change(["e"], [1, 1, "a"])],
      ["w2", change(["e"], [1, 2, "a"])],
      ["e", end],
    );
    expect(dsl(t)).to.equal(rule("let a = 1", "fork { write action(1, 1) = a } { } { write action(1, 2) = a }"));
  });

  it("makes a switch output with several targets a case whose body is one fork", () => {
    const t = topology(["s", start("sw")], ["sw", switchNode("first", [["case_1", "true", ["w", "e"]]], ["e"])], ["w", change(["e"], [1, 1, "1"])], ["e", end]);
    expect(dsl(t)).to.equal(rule("when true {", "  fork { write action(1, 1) = 1 } { }", "}"));
  });
});
