// Walks a rule's statements: every statement, in blocks and branches too, depth first in source order.
import type * as A from "./ast.js";

/** Every statement of the rule, depth first in source order. */
export function* statementsOf(rule: A.RuleDecl): Generator<A.Statement> {
  const pending: A.Statement[] = rule.items.flatMap((item) => (item.kind === "block" ? item.body : [item])).reverse();
  while (pending.length > 0) {
    const s = pending.pop()!;
    yield s;
    const inner =
      s.kind === "node" ? s.statements
      : s.kind === "fork" ? s.branches.flatMap((b) => b.body)
      : s.kind === "switch" ? [...s.cases.flatMap((c) => c.body), ...(s.otherwise?.body ?? [])]
      : [];
    pending.push(...[...inner].reverse());
  }
}

/** How a statement or trigger uses a point: for resolving and naming points. */
export type PointAccess = "read" | "write" | "trigger";

/**
 * A copy of the rule with every point (inputs, writes, deltas, on_change sources written as
 * points) replaced by `f`'s answer; everything else is shared with the original, which is never
 * changed. The same rule object when `f` changes nothing.
 */
export function mapPoints(rule: A.RuleDecl, f: (point: A.PointSource, access: PointAccess) => A.PointSource): A.RuleDecl {
  let changed = false;
  const point = (p: A.PointSource, access: PointAccess): A.PointSource => {
    const mapped = f(p, access);
    if (mapped !== p) changed = true;
    return mapped;
  };
  const statement = (s: A.Statement): A.Statement => {
    switch (s.kind) {
      case "input":
      case "delta":
        return { ...s, point: point(s.point, "read") };
      case "write":
        return { ...s, target: point(s.target, "write") };
      case "node":
        return { ...s, statements: s.statements.map((x) => statement(x) as A.SimpleStatement) };
      case "fork":
        return { ...s, branches: s.branches.map((b) => ({ ...b, body: b.body.map(statement) })) };
      case "switch": {
        const mapped: A.SwitchStatement = { ...s, cases: s.cases.map((c) => ({ ...c, body: c.body.map(statement) })) };
        if (s.otherwise !== undefined) mapped.otherwise = { ...s.otherwise, body: s.otherwise.body.map(statement) };
        return mapped;
      }
      default:
        return s;
    }
  };
  const items = rule.items.map((item): A.RuleItem => (item.kind === "block" ? { ...item, body: item.body.map(statement) } : statement(item)));
  const trigger = rule.settings.trigger;
  let settings = rule.settings;
  if (trigger?.value.kind === "on_change") {
    const points = trigger.value.points.map((p) => (p.kind === "name" ? p : point(p, "trigger")));
    settings = { ...settings, trigger: { ...trigger, value: { ...trigger.value, points } } };
  }
  return changed ? { ...rule, settings, items } : rule;
}
