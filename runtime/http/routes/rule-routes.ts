// The rule endpoints of the spec. Each mutation: authenticate, authorise, read the input and
// confirm (guard.ts acceptMutation), then the rule service runs the change in one transaction that
// first writes the audit record; the scheduler reloads after the commit. Routes only adapt: validate, call, shape the answer.
import { validateConfirmedRequest, validateRuleBatchRequest, validateRuleCreateRequest, validateRuleUpdateRequest } from "../../../generated/index.js";
import { invalidInput } from "../../errors.js";
import { MAX_BATCH_OPERATIONS, tooManyOperations, type BatchOperation } from "../../rules/rule-batch.js";
import type { BeforeChange, RuleUpdate } from "../../rules/rule-service.js";
import { DEFAULT_BATCH_BODY_LIMIT_BYTES, type AppDeps } from "../app-deps.js";
import { auditEvent, type AuditContext } from "../audit-entry.js";
import { acceptMutation, allowRead, appendAllowed, isObject, type AppContext } from "../guard.js";
import { integerParam, parseId, readQuery } from "../request-input.js";
import { validateBody } from "../validate-body.js";

type Handler = (ctx: AppContext) => Promise<void>;

export function ruleRoutes(deps: AppDeps): Record<string, Handler> {
  const { service, runtime } = deps;
  const ok = (ctx: AppContext, data: unknown, status = 200) => {
    ctx.status = status;
    ctx.body = { success: true, data };
  };
  /** Writes the change's audit record inside its transaction, before the change. */
  const audited = (audit: AuditContext): BeforeChange => async (tx, change) => {
    await tx.audit.append(auditEvent(audit, change.action, { kind: "rule", id: String(change.ruleId) }, "allowed"));
  };
  const ruleId = (ctx: AppContext) => parseId(String(ctx.params.id));
  const rule = (id: number | null) => ({ kind: "rule", id: id === null ? null : String(id) });

  return {
    async listRules(ctx) {
      await allowRead(ctx, deps, "rule.read");
      const query = readQuery(ctx.querystring, ["page", "page_size"]);
      const page = integerParam(query, "page", { min: 1, max: 1e9, fallback: 1 })!;
      const pageSize = integerParam(query, "page_size", { min: 1, max: 500, fallback: 50 })!;
      const { items, total } = await service.list({ offset: (page - 1) * pageSize, limit: pageSize });
      ok(ctx, { items, page, page_size: pageSize, total });
    },

    async createRule(ctx) {
      const { input, audit } = await acceptMutation(ctx, deps, {
        action: "rule.create",
        permission: "rule.write",
        confirmed: true,
        resource: { kind: "rule" },
        read: (body) => validateBody(body, validateRuleCreateRequest, "POST /api/rules"),
      });
      const created = await service.create({ name: input.name, description: input.description ?? "" }, audited(audit));
      ctx.set("Location", `/api/rules/${created.id}`);
      ok(ctx, { id: created.id, name: created.name, status: "created" }, 201);
    },

    async getRule(ctx) {
      await allowRead(ctx, deps, "rule.read");
      // The rule's JSON is kept by the read cache: the answer is assembled, not serialised again.
      ctx.type = "application/json";
      ctx.body = `{"success":true,"data":${await service.getJson(ruleId(ctx))}}`;
    },

    async updateRule(ctx) {
      const { input, id, audit } = await acceptMutation(ctx, deps, { action: "rule.update", permission: "rule.write", confirmed: true, resource: RULE, read: readUpdate });
      const { rule: updated, json, warnings } = await service.update(id!, input, audited(audit));
      // Warnings never block storing: they ride beside `data` (docs/api.md), empty when none.
      if (json === undefined) ctx.body = { success: true, data: updated, warnings };
      else {
        // The rule's JSON as assembled around the flow text the store wrote: the same bytes, serialised once.
        ctx.type = "application/json";
        ctx.body = `{"success":true,"data":${json},"warnings":${JSON.stringify(warnings)}}`;
      }
    },

    async deleteRule(ctx) {
      const { id, audit } = await acceptMutation(ctx, deps, { action: "rule.delete", permission: "rule.write", confirmed: true, resource: RULE, read: readConfirmed("DELETE /api/rules/{id}") });
      await service.remove(id!, audited(audit));
      ok(ctx, { id, status: "deleted" });
    },

    // Sync and import's change set (issue 19.1): every operation needs rule.write, as its single
    // route does, so the caller is authorised before the body is read; one transaction, one
    // audit record per change (the single routes' actions), one reload.
    async applyRuleBatch(ctx) {
      const { input, audit } = await acceptMutation(ctx, deps, {
        action: "rule.batch",
        permission: "rule.write",
        confirmed: true,
        resource: { kind: "rule" },
        bodyLimitBytes: deps.batchBodyLimitBytes ?? DEFAULT_BATCH_BODY_LIMIT_BYTES,
        read: readBatch,
      });
      ok(ctx, await service.batch(input, audited(audit)));
    },

    enableRule: (ctx) => setEnabled(ctx, true),
    disableRule: (ctx) => setEnabled(ctx, false),

    async executeRule(ctx) {
      const { id, audit } = await acceptMutation(ctx, deps, { action: "rule.execute", permission: "rule.execute", confirmed: true, resource: RULE, read: readConfirmed("POST /api/rules/{id}/execute") });
      await service.get(id!);
      // There is no store change to share a transaction with: the record is committed first, and
      // the execution's own record (rule_history) follows.
      await appendAllowed(ctx, deps, auditEvent(audit, "rule.execute", rule(id), "allowed"));
      ok(ctx, await runtime.execute(id!));
    },

    async getRuleVariables(ctx) {
      await allowRead(ctx, deps, "rule.read");
      const id = ruleId(ctx);
      ok(ctx, { rule_id: id, variables: await runtime.variables(id) });
    },
  };

  async function setEnabled(ctx: AppContext, enabled: boolean): Promise<void> {
    const action = enabled ? "rule.enable" : "rule.disable";
    const what = `POST /api/rules/{id}/${enabled ? "enable" : "disable"}`;
    const { id, audit } = await acceptMutation(ctx, deps, { action, permission: "rule.write", confirmed: true, resource: RULE, read: readConfirmed(what) });
    ok(ctx, await service.setEnabled(id!, enabled, audited(audit)));
  }
}

/** The resource of a route with a rule id in its path. */
const RULE = { kind: "rule", pathId: true };

function readConfirmed(what: string): (body: unknown, id: number | null) => void {
  return (body, id) => void validateBody(body, validateConfirmedRequest, what.replace("{id}", String(id)));
}

/** A PUT body: the fields it may change (never `enabled`, which has its own routes). */
function readUpdate(body: unknown, id: number | null): RuleUpdate {
  if (isObject(body) && "enabled" in body) {
    throw invalidInput("PUT does not change enabled", [{ code: "http/read-only-field", severity: "error", message: "enabled is changed by enable and disable", path: "/enabled" }], `use POST /api/rules/${id}/enable or /disable`);
  }
  const { confirmed: _confirmed, ...update } = validateBody(body, validateRuleUpdateRequest, `PUT /api/rules/${id}`);
  return update;
}

/** A batch body: the operation count first (a clear refusal before thousands of flows are checked), then the schema. */
function readBatch(body: unknown): BatchOperation[] {
  const count = isObject(body) && Array.isArray(body.operations) ? body.operations.length : 0;
  if (count > MAX_BATCH_OPERATIONS) throw tooManyOperations(count);
  return validateBody(body, validateRuleBatchRequest, "POST /api/rules/batch").operations.map((operation): BatchOperation => {
    if (operation.op === "create") {
      const { op: _op, name, description = "", priority = 0, cooldown_ms = 0, trigger_config = null, flow_json, enabled = false } = operation;
      return { op: "create", rule: { name, description, priority, cooldown_ms, trigger_config, flow_json, enabled } };
    }
    if (operation.op === "update") {
      const { op: _op, id, ...update } = operation;
      return { op: "update", id, update };
    }
    return { op: operation.op, id: operation.id };
  });
}
