// A deliberately plain executor for property tests: walks nodes_json recursively with a Map of
// variables and evaluates expression ASTs directly. It shares no code with runtime/engine, so
// agreement between the two is evidence, not an echo.
import type { ExecNode, NodesTopology } from "../../generated/types.js";
import { parseExpression, type Expr } from "../../grammar/expression/index.js";
import type { ExecutionIo } from "../../runtime/engine/execution-io.js";
import type { PointCatalog } from "../../runtime/points/point-table.js";

export interface ReferenceOutcome {
  success: boolean;
  path: string[];
  actions: Array<{ point: number; target: number; value: number; success: boolean }>;
  stoppedAt: string | null;
}

type V = number | boolean;

export function interpret(topology: NodesTopology, catalog: PointCatalog, io: ExecutionIo): ReferenceOutcome {
  const out: ReferenceOutcome = { success: true, path: [], actions: [], stoppedAt: null };
  const visit = (id: string, env: Map<string, V>): boolean => {
    const node = topology.nodes[id] as ExecNode;
    out.path.push(id);
    const outputs = run(id, node, env);
    if (outputs === undefined) return false;
    if (node.type === "end") return true;
    for (const output of outputs) for (const next of node.next[output] ?? []) if (!visit(next, env)) return false;
    return true;
  };
  const run = (id: string, node: ExecNode, env: Map<string, V>): string[] | undefined => {
    switch (node.type) {
      case "start":
      case "end":
        return ["default"];
      case "input":
        for (const v of node.variables) {
          const info = catalog.lookup(v);
          const value = info === undefined ? NaN : io.read(info.index);
          if (Number.isNaN(value)) return stop(id);
          env.set(v.name, value);
        }
        for (const p of node.params ?? []) env.set(p.name, p.value);
        return ["default"];
      case "calc":
        for (const a of node.assign) env.set(a.name, evaluate(a.expr, env));
        return ["default"];
      case "period_delta": {
        const info = catalog.lookup(node);
        const now = info === undefined ? NaN : io.read(info.index);
        const then = info === undefined ? NaN : io.valueAgo(info.index, node.period_ms);
        if (Number.isNaN(now) || Number.isNaN(then)) return stop(id);
        env.set(node.name, now - then);
        return ["default"];
      }
      case "switch": {
        const taken = node.rules.filter((r) => truthy(evaluate(r.condition, env))).map((r) => r.output);
        if (taken.length === 0) return ["default"];
        return node.mode === "first" ? taken.slice(0, 1) : taken;
      }
      case "change":
        for (const w of node.writes) {
          const value = evaluate(w.value, env) as number;
          const info = catalog.lookup(w);
          const ok = info !== undefined && Number.isFinite(value) && value >= info.min && value <= info.max && io.write(info.index, value) === null;
          if (!ok) out.success = false;
          out.actions.push({ point: w.point, target: w.instance, value, success: ok });
        }
        return ["default"];
    }
  };
  const stop = (id: string): undefined => {
    out.success = false;
    out.stoppedAt = id;
    return undefined;
  };
  visit(topology.start, new Map());
  return out;
}

function truthy(v: V): boolean {
  return typeof v === "boolean" ? v : v !== 0 && !Number.isNaN(v);
}

function evaluate(text: string, env: Map<string, V>): V {
  return evalExpr(parseExpression(text).ast!, env);
}

function evalExpr(e: Expr, env: Map<string, V>): V {
  switch (e.kind) {
    case "number":
    case "boolean":
      return e.value;
    case "variable":
      return env.get(e.name)!;
    case "unary":
      return e.operator === "-" ? -(evalExpr(e.operand, env) as number) : !truthy(evalExpr(e.operand, env));
    case "conditional":
      return truthy(evalExpr(e.test, env)) ? evalExpr(e.consequent, env) : evalExpr(e.alternate, env);
    case "call": {
      const args = e.args.map((a) => evalExpr(a, env) as number);
      if (e.callee === "clamp") return Math.min(Math.max(args[0]!, args[1]!), args[2]!);
      return (Math as unknown as Record<string, (...xs: number[]) => number>)[e.callee]!(...args);
    }
    case "binary": {
      if (e.operator === "&&") return truthy(evalExpr(e.left, env)) && truthy(evalExpr(e.right, env));
      if (e.operator === "||") return truthy(evalExpr(e.left, env)) || truthy(evalExpr(e.right, env));
      const l = evalExpr(e.left, env);
      const r = evalExpr(e.right, env);
      switch (e.operator) {
        case "==":
          return l === r;
        case "!=":
          return l !== r;
      }
      const [a, b] = [l as number, r as number];
      switch (e.operator) {
        case "+": return a + b;
        case "-": return a - b;
        case "*": return a * b;
        case "/": return a / b;
        case "%": return a % b;
        case "<": return a < b;
        case "<=": return a <= b;
        case ">": return a > b;
        case ">=": return a >= b;
      }
      throw new Error(`operator ${e.operator}`);
    }
  }
}
