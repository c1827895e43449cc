// GET /api/rules/{id}/history: the same durable records the WebSocket streams, a page at a time.
// History outlives its rule, so a deleted rule's records stay readable.
import type { AppDeps } from "../app-deps.js";
import { allowRead, type AppContext } from "../guard.js";
import { idParam, integerParam, parseId, readQuery } from "../request-input.js";

type Handler = (ctx: AppContext) => Promise<void>;

export function historyRoutes(deps: AppDeps): Record<string, Handler> {
  return {
    async getRuleHistory(ctx) {
      await allowRead(ctx, deps, "rule.read");
      const id = parseId(String(ctx.params.id));
      const query = readQuery(ctx.querystring, ["after_id", "limit"]);
      const afterId = idParam(query, "after_id", "history", 0);
      const limit = integerParam(query, "limit", { min: 1, max: 500, fallback: 50 })!;
      const items = await deps.store.history.list(id, { ...(afterId !== undefined ? { afterId } : {}), limit });
      const last = items[items.length - 1];
      ctx.body = { success: true, data: { items, next_after_id: items.length === limit && last !== undefined ? last.id : null } };
    },
  };
}
