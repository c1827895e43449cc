// GET /api/rules/{id}/history: the same durable records the WebSocket streams, a page at a time,
// oldest first (resume with after_id) or newest first (order=desc, resume with before_id).
// History outlives its rule, so a deleted rule's records stay readable.
// GET /api/rules/{id}/decisions: why the rule did not run (issue 18.4), newest first, resume with
// before_id. Decision records go with their rule: an unknown rule is a 404.
import { invalidInput } from "../../errors.js";
import type { HistoryOrder } from "../../store/store.js";
import type { AppDeps } from "../app-deps.js";
import { allowRead, type AppContext } from "../guard.js";
import { idParam, integerParam, parseId, problem, readQuery, type QueryValues } from "../request-input.js";

type Handler = (ctx: AppContext) => Promise<void>;

export function historyRoutes(deps: AppDeps): Record<string, Handler> {
  return {
    async getRuleHistory(ctx) {
      await allowRead(ctx, deps, "rule.read");
      const id = parseId(String(ctx.params.id));
      const query = readQuery(ctx.querystring, ["order", "after_id", "before_id", "limit"]);
      const order = orderParam(query);
      const afterId = idParam(query, "after_id", "history", 0);
      const beforeId = idParam(query, "before_id", "history", 1);
      const limit = integerParam(query, "limit", { min: 1, max: 500, fallback: 50 })!;
      const items = await deps.store.history.list(id, {
        ...(afterId !== undefined ? { afterId } : {}),
        ...(beforeId !== undefined ? { beforeId } : {}),
        limit,
        order,
      });
      const last = items[items.length - 1];
      // A full page may have more after it, in the page's direction.
      const next = items.length === limit && last !== undefined ? last.id : null;
      ctx.body = { success: true, data: { items, next_after_id: order === "asc" ? next : null, next_before_id: order === "desc" ? next : null } };
    },

    async getRuleDecisions(ctx) {
      await allowRead(ctx, deps, "rule.read");
      const id = parseId(String(ctx.params.id));
      const query = readQuery(ctx.querystring, ["before_id", "limit"]);
      const beforeId = idParam(query, "before_id", "history", 1);
      const limit = integerParam(query, "limit", { min: 1, max: 500, fallback: 50 })!;
      await deps.service.get(id); // 404 for an unknown rule
      ctx.body = { success: true, data: await deps.runtime.decisions(id, { ...(beforeId !== undefined ? { beforeId } : {}), limit }) };
    },
  };
}

function orderParam(query: QueryValues): HistoryOrder {
  const text = query.order;
  if (text === undefined || text === "asc" || text === "desc") return text ?? "asc";
  throw invalidInput(`query parameter 'order' must be asc or desc, got '${text}'`, [problem("/query/order", "expected asc or desc")]);
}
