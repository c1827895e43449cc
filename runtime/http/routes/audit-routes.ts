// The audit query routes of the control plane: a page, and the same result as a finite,
// resumable server-sent event snapshot. Scope is the caller's tenant and project only; the
// request cannot name another. Both mark the breaks of the hash chain in the span they cover;
// the verify route checks the chain itself (every tenant), for an Admin.
import type { AuditQuery } from "../../audit/audit-event.js";
import { markAuditPage, type MarkedAuditPage } from "../../audit/mark-audit-page.js";
import { verifyStoredAuditChain } from "../../audit/verify-audit-range.js";
import type { Identity } from "../../auth/identity.js";
import { invalidInput } from "../../errors.js";
import type { AppDeps } from "../app-deps.js";
import { allowRead, type AppContext } from "../guard.js";
import { ID_RANGES, integerParam, problem, readQuery, timeParam } from "../request-input.js";

type Handler = (ctx: AppContext) => Promise<void>;

const QUERY = ["action", "cursor", "from", "limit", "resourceId", "resourceKind", "subjectId", "to"] as const;

export function auditRoutes(deps: AppDeps): Record<string, Handler> {
  const search = async (ctx: AppContext, lastEventId?: string): Promise<MarkedAuditPage> => {
    const identity = await allowRead(ctx, deps, "audit.event.read", true);
    const query = toQuery(ctx, identity, lastEventId);
    return markAuditPage(deps.store.audit, await deps.store.audit.list(query), query.after);
  };
  return {
    async listAuditEvents(ctx) {
      ctx.body = await search(ctx);
    },

    async streamAuditEvents(ctx) {
      const page = await search(ctx, ctx.get("last-event-id") || undefined);
      let text = "";
      for (const event of page.items) text += `id: ${event.sequence}\nevent: audit\ndata: ${JSON.stringify(event)}\n\n`;
      ctx.status = 200;
      ctx.type = "text/event-stream";
      ctx.set("Cache-Control", "no-store");
      // A page cut at `limit` says where to resume; the snapshot-complete comment ends every stream.
      const more = page.nextCursor === null ? "" : `: more-after ${page.nextCursor}\n\n`;
      ctx.body = `${chainComments(page)}${text}${more}: snapshot-complete\n\n`;
    },

    async verifyAuditChain(ctx) {
      await allowRead(ctx, deps, "audit.chain.verify");
      const values = readQuery(ctx.query, ["from", "to"]);
      const from = sequenceOf(values.from, "from", "/query/from");
      const to = sequenceOf(values.to, "to", "/query/to");
      if (from === 0 || to === 0) throw invalidInput("audit sequences start at 1", [problem(from === 0 ? "/query/from" : "/query/to", "expected a sequence of at least 1")]);
      if (from !== undefined && to !== undefined && from > to) throw invalidInput(`from (${from}) is after to (${to})`, [problem("/query/from", "must not be after to")]);
      const report = await verifyStoredAuditChain(deps.store.audit, { ...(from !== undefined ? { from } : {}), ...(to !== undefined ? { to } : {}) });
      ctx.body = { ...report, guards: await deps.store.audit.guardsIntact() };
    },
  };
}

// The stream's events are the spec's only events; the chain's breaks travel as comments, before
// the events of the span they concern.
function chainComments(page: MarkedAuditPage): string {
  const gaps = page.gaps.map((gap) => `: chain-gap ${gap.from}-${gap.to}\n\n`).join("");
  const mismatches = page.digestMismatches.map((sequence) => `: chain-digest-mismatch ${sequence}\n\n`).join("");
  return gaps + mismatches;
}

function toQuery(ctx: AppContext, identity: Identity, lastEventId: string | undefined): AuditQuery {
  const values = readQuery(ctx.querystring, QUERY);
  const cursor = sequenceOf(values.cursor, "cursor", "/query/cursor");
  const lastEvent = sequenceOf(lastEventId, "Last-Event-ID", "/header/last-event-id");
  if (cursor !== undefined && lastEvent !== undefined && cursor !== lastEvent) {
    throw invalidInput(`Last-Event-ID (${lastEventId}) and cursor (${values.cursor}) disagree; send one, or the same sequence in both`, [problem("/header/last-event-id", "must agree with the cursor query field")]);
  }
  const after = cursor ?? lastEvent;
  const from = timeParam(values, "from");
  const to = timeParam(values, "to");
  if (from !== undefined && to !== undefined && from > to) throw invalidInput("from is after to", [problem("/query/from", "must not be after to")]);
  return {
    tenantId: identity.tenantId,
    projectId: identity.projectId,
    ...(values.action !== undefined ? { action: values.action } : {}),
    ...(values.resourceKind !== undefined ? { resourceKind: values.resourceKind } : {}),
    ...(values.resourceId !== undefined ? { resourceId: values.resourceId } : {}),
    ...(values.subjectId !== undefined ? { subjectId: values.subjectId } : {}),
    ...(from !== undefined ? { from } : {}),
    ...(to !== undefined ? { to } : {}),
    ...(after !== undefined ? { after } : {}),
    limit: integerParam(values, "limit", { min: 1, max: 500, fallback: 50 })!,
  };
}

/** An audit sequence given as decimal text (a cursor or a Last-Event-ID), or undefined when absent. */
function sequenceOf(text: string | undefined, what: string, path: string): number | undefined {
  if (text === undefined) return undefined;
  const value = /^(0|[1-9]\d{0,15})$/.test(text) ? Number(text) : NaN;
  if (!(value >= 0 && value <= ID_RANGES.auditSequence.max)) throw invalidInput(`${what} must be a decimal audit sequence, got '${text}'`, [problem(path, "expected a decimal audit sequence")]);
  return value;
}
