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
