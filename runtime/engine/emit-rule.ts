// Generates one JavaScript function per rule from its checked topology, so V8 sees a rule as a
// handful of small functions it can inline, not a graph of closures. Every node becomes a
// function `n<k>(st, s, io)`; a node calls the functions of the outputs it takes, in wire order,
// so a node reached twice runs twice. Nothing of the user's text reaches the source: node ids,
// names, conditions and point details are constants in `K`, numbers are printed by String(),
// and expressions come from emitJs over a checked AST.
import type { ExecNode, PointType, WireMap } from "../../generated/types.js";
import type { PointCatalog } from "../points/point-table.js";
import type { MatchedCondition, NodeDetail, ShortCircuit } from "./execution-result.js";
import type { Step } from "./run-state.js";
import { describeWriteProblem } from "./write-checks.js";

export interface EmitRuleContext {
  catalog: PointCatalog;
  slotOf(name: string): number;
  /** JavaScript of a node's expression over the slots `s`; `defines` names the variable a calc assignment defines. */
  expression(nodeId: string, text: string, defines?: string): string;
  /** False leaves out path, node details and matched conditions (to measure the decision alone). */
  record: boolean;
}

export function emitRule(order: readonly { id: string; node: ExecNode }[], context: EmitRuleContext): Step {
  const constants: unknown[] = [describeWriteProblem];
  const emitter = new RuleEmitter(order, context, constants);
  const source = order.map((entry, k) => emitter.node(k, entry.id, entry.node)).join("\n");
  // eslint-disable-next-line no-new-func -- source generated from a checked topology, see above
  const build = new Function("K", `"use strict";\n${source}\nreturn (st) => n0(st, st.slots, st.io);`) as (k: unknown[]) => Step;
  return build(constants);
}

class RuleEmitter {
  private readonly functionOf = new Map<string, string>();

  constructor(
    order: readonly { id: string }[],
    private readonly context: EmitRuleContext,
    private readonly constants: unknown[],
  ) {
    order.forEach((entry, k) => this.functionOf.set(entry.id, `n${k}`));
  }

  node(k: number, id: string, node: ExecNode): string {
    const body = [this.record(`st.path.push(${this.constant(id)});`), ...this.body(id, node)];
    return `function n${k}(st, s, io) {\n  ${body.filter((line) => line !== "").join("\n  ")}\n}`;
  }

  private body(id: string, node: ExecNode): string[] {
    switch (node.type) {
      case "start":
        return this.takeDefault(id, node.type, node.next);
      case "end":
        return [this.detail(id, "end", [])];
      case "input":
        return [...this.input(id, node), ...this.takeDefault(id, node.type, node.next)];
      case "calc":
        return [
          ...node.assign.map((a) => `s[${this.slot(a.name)}] = ${this.context.expression(id, a.expr, a.name)};`),
          ...this.takeDefault(id, node.type, node.next),
        ];
      case "period_delta":
        return [...this.periodDelta(id, node), ...this.takeDefault(id, node.type, node.next)];
      case "change":
        return [...node.writes.flatMap((w) => this.write(id, w)), ...this.takeDefault(id, node.type, node.next)];
      case "switch":
        return node.mode === "first" ? this.switchFirst(id, node) : this.switchAll(id, node);
    }
  }

  private input(id: string, node: Extract<ExecNode, { type: "input" }>): string[] {
    const lines: string[] = [];
    for (const v of node.variables) {
      const index = this.context.catalog.lookup(v)?.index;
      if (index === undefined) {
        lines.push(...this.stop(id, "input", v.name, v, "the site model declares no such point"));
        break; // the rest of the node can never run
      }
      // Strict read (spec item 8): an unavailable value stops the evaluation, no default.
      const local = `v${lines.length}`;
      lines.push(`const ${local} = io.read(${index});`);
      lines.push(`if (${local} !== ${local}) {`, ...this.stop(id, "input", v.name, v, "the point's value is unavailable").map(indent), "}");
      lines.push(`s[${this.slot(v.name)}] = ${local};`);
    }
    for (const p of node.params ?? []) lines.push(`s[${this.slot(p.name)}] = ${this.constant(p.value)};`);
    return lines;
  }

  private periodDelta(id: string, node: Extract<ExecNode, { type: "period_delta" }>): string[] {
    const index = this.context.catalog.lookup(node)?.index;
    if (index === undefined) return this.stop(id, "period_delta", node.name, node, "the site model declares no such point");
    const slot = this.slot(node.name);
    return [
      `const now = io.read(${index});`,
      `if (now !== now) {`,
      ...this.stop(id, "period_delta", node.name, node, "the point's value is unavailable").map(indent),
      "}",
      `const then = io.valueAgo(${index}, ${node.period_ms});`,
      `if (then !== then) {`,
      ...this.stop(id, "period_delta", node.name, node, `point history has no value ${node.period_ms} ms ago`).map(indent),
      "}",
      `s[${slot}] = now - then;`,
    ];
  }

  private write(id: string, w: { instance: number; point: number; value: string }): string[] {
    const info = this.context.catalog.lookup({ instance: w.instance, point_type: "action", point: w.point });
    const problem = `K[0](value, ${this.constant(info)}, ${w.instance}, ${w.point})`;
    // Spec item 9: NaN, infinite or out-of-range values are refused before the command plane;
    // the common case is two comparisons, the message is built only for a refusal.
    const reason =
      info === undefined
        ? problem
        : `value >= ${numberLiteral(info.min)} && value <= ${numberLiteral(info.max)} && value - value === 0 ? io.write(${info.index}, value) : ${problem}`;
    return [
      "{",
      `  const value = ${this.context.expression(id, w.value)};`,
      `  const reason = ${reason};`,
      `  if (reason !== null) st.allAccepted = false;`,
      `  st.actions.push({ node: ${this.constant(id)}, target: ${w.instance}, point_type: "action", point: ${w.point}, value, success: reason === null, reason: reason ?? undefined });`,
      "}",
    ];
  }

  private switchFirst(id: string, node: Extract<ExecNode, { type: "switch" }>): string[] {
    const lines: string[] = [];
    for (const rule of node.rules) {
      const match: MatchedCondition = { node: id, output: rule.output, condition: rule.condition };
      lines.push(
        `if (${this.context.expression(id, rule.condition)}) {`,
        ...[this.record(`st.matched.push(${this.constant(Object.freeze(match))});`), this.detail(id, "switch", [rule.output]), ...this.calls(node.next[rule.output]), "return;"]
          .filter((line) => line !== "")
          .map(indent),
        "}",
      );
    }
    return [...lines, this.detail(id, "switch", ["default"]), ...this.calls(node.next.default)];
  }

  private switchAll(id: string, node: Extract<ExecNode, { type: "switch" }>): string[] {
    const lines = ["const taken = [];"];
    node.rules.forEach((rule, j) => lines.push(`if (${this.context.expression(id, rule.condition)}) taken.push(${j});`));
    const matches = this.constant(node.rules.map((r) => Object.freeze({ node: id, output: r.output, condition: r.condition })));
    const targets = node.rules.map((r) => `[${(node.next[r.output] ?? []).map((t) => this.functionOf.get(t)!).join(", ")}]`);
    lines.push(
      "if (taken.length === 0) {",
      ...[this.detail(id, "switch", ["default"]), ...this.calls(node.next.default), "return;"].filter((line) => line !== "").map(indent),
      "}",
    );
    if (this.context.record) {
      lines.push(
        `for (const j of taken) st.matched.push(${matches}[j]);`,
        `st.nodes.push({ node: ${this.constant(id)}, type: "switch", outputs: taken.map((j) => ${matches}[j].output) });`,
      );
    }
    lines.push(
      `const targets = [${targets.join(", ")}];`,
      "for (const j of taken) {",
      "  for (const next of targets[j]) {",
      "    next(st, s, io);",
      "    if (st.stop !== null) return;",
      "  }",
      "}",
    );
    return lines;
  }

  private takeDefault(id: string, type: string, next: WireMap): string[] {
    return [this.detail(id, type, ["default"]), ...this.calls(next.default)];
  }

  private calls(targets: readonly string[] | undefined): string[] {
    const list = targets ?? [];
    return list.map((t, i) => `${this.functionOf.get(t)!}(st, s, io);${i < list.length - 1 ? " if (st.stop !== null) return;" : ""}`);
  }

  private stop(id: string, type: string, variable: string, ref: { instance: number; point_type: PointType; point: number }, reason: string): string[] {
    const record: ShortCircuit = { node: id, variable, instance: ref.instance, point_type: ref.point_type, point: ref.point, reason };
    return [`st.stop = ${this.constant(Object.freeze(record))};`, this.detail(id, type, []), "return;"].filter((line) => line !== "");
  }

  private detail(id: string, type: string, outputs: string[]): string {
    const detail: NodeDetail = Object.freeze({ node: id, type, outputs: Object.freeze(outputs) });
    return this.record(`st.nodes.push(${this.constant(detail)});`);
  }

  private record(line: string): string {
    return this.context.record ? line : "";
  }

  private slot(name: string): number {
    const slot = this.context.slotOf(name);
    if (!Number.isInteger(slot) || slot < 0) throw new Error(`no slot for variable '${name}'`);
    return slot;
  }

  private constant(value: unknown): string {
    this.constants.push(value);
    return `K[${this.constants.length - 1}]`;
  }
}

// String() prints every double as a JavaScript literal (Infinity, -Infinity too) except -0.
function numberLiteral(value: number): string {
  return Object.is(value, -0) ? "-0" : String(value);
}

function indent(line: string): string {
  return `  ${line}`;
}
