// The rule endpoints of the spec. Each mutation: authenticate, authorise, confirm, then the rule
// service runs the change in one transaction that first writes the audit record; the scheduler
// reloads after the commit. Routes only adapt: validate, call, shape the answer.
import { validateConfirmedRequest, validateRuleCreateRequest, validateRuleUpdateRequest } from "../../../generated/index.js";
import { invalidInput, ServiceError } from "../../errors.js";
import type { BeforeChange } from "../../rules/rule-service.js";
import type { AppDeps } from "../app-deps.js";
import { auditEvent, type AuditContext } from "../audit-entry.js";
import { acceptMutation, allowRead, isObject, type AppContext, type MutationCheck } from "../guard.js";
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
  // A mutation refused after it was authenticated, authorised and confirmed (no such rule, a body
  // that does not validate, a conflict) is audited as denied: its allowed record, if any, rolled
  // back with the change that did not happen, and every authenticated call leaves a record.
  const accepted = new WeakMap<AppContext, { audit: AuditContext; check: MutationCheck }>();
  const accept = async (ctx: AppContext, check: MutationCheck) => {
    const result = await acceptMutation(ctx, deps, check);
    accepted.set(ctx, { audit: result.audit, check });
    return result;
  };
  const auditRefusals =
    (handler: Handler): Handler =>
    async (ctx) => {
      try {
        await handler(ctx);
      } catch (error) {
        const mutation = accepted.get(ctx);
        if (mutation !== undefined && error instanceof ServiceError && error.status < 500) {
          await deps.store.audit.append(auditEvent(mutation.audit, mutation.check.action, mutation.check.resource, "denied"));
        }
        throw error;
      }
    };
  const ruleId = (ctx: AppContext) => parseId(String(ctx.params.id));
  const rule = (id: number | null) => ({ kind: "rule", id: id === null ? null : String(id) });

  return {
    async listRules(ctx) {
      await allowRead(ctx, deps, "rule.read");
      const query = readQuery(ctx.query, ["page", "page_size"]);
      const page = integerParam(query, "page", { min: 1, max: 1e9, fallback: 1 })!;
      const pageSize = integerParam(query, "page_size", { min: 1, max: 500, fallback: 50 })!;
      const { items, total } = await service.list({ offset: (page - 1) * pageSize, limit: pageSize });
      ok(ctx, { items, page, page_size: pageSize, total });
    },

    createRule: auditRefusals(async (ctx) => {
      const { body, audit } = await accept(ctx, { action: "rule.create", permission: "rule.write", confirmed: true, resource: rule(null) });
      const input = validateBody(body, validateRuleCreateRequest, "POST /api/rules");
      const created = await service.create({ name: input.name, description: input.description ?? "" }, audited(audit));
      ctx.set("Location", `/api/rules/${created.id}`);
      ok(ctx, { id: created.id, name: created.name, status: "created" }, 201);
    }),

    async getRule(ctx) {
      await allowRead(ctx, deps, "rule.read");
      // The rule's JSON is kept by the read cache: the answer is assembled, not serialised again.
      ctx.type = "application/json";
      ctx.body = `{"success":true,"data":${await service.getJson(ruleId(ctx))}}`;
    },

    updateRule: auditRefusals(async (ctx) => {
      const id = ruleId(ctx);
      const { body, audit } = await accept(ctx, { action: "rule.update", permission: "rule.write", confirmed: true, resource: rule(id) });
      if (isObject(body) && "enabled" in body) {
        throw invalidInput("PUT does not change enabled", [{ code: "http/read-only-field", severity: "error", message: "enabled is changed by enable and disable", path: "/enabled" }], `use POST /api/rules/${id}/enable or /disable`);
      }
      const { confirmed: _confirmed, ...update } = validateBody(body, validateRuleUpdateRequest, `PUT /api/rules/${id}`);
      ok(ctx, await service.update(id, update, audited(audit)));
    }),

    deleteRule: auditRefusals(async (ctx) => {
      const id = ruleId(ctx);
      const { body, audit } = await accept(ctx, { action: "rule.delete", permission: "rule.write", confirmed: true, resource: rule(id) });
      validateBody(body, validateConfirmedRequest, `DELETE /api/rules/${id}`);
      await service.remove(id, audited(audit));
      ok(ctx, { id, status: "deleted" });
    }),

    enableRule: auditRefusals((ctx) => setEnabled(ctx, true)),
    disableRule: auditRefusals((ctx) => setEnabled(ctx, false)),

    executeRule: auditRefusals(async (ctx) => {
      const id = ruleId(ctx);
      const { body, audit } = await accept(ctx, { action: "rule.execute", permission: "rule.execute", confirmed: true, resource: rule(id) });
      validateBody(body, validateConfirmedRequest, `POST /api/rules/${id}/execute`);
      await service.get(id);
      // There is no store change to share a transaction with: the record is committed first, and
      // the execution's own record (rule_history) follows.
      await deps.store.audit.append(auditEvent(audit, "rule.execute", rule(id), "allowed"));
      accepted.delete(ctx); // recorded as allowed: a refusal by the execution itself is in its history record
      ok(ctx, await runtime.execute(id));
    }),

    async getRuleVariables(ctx) {
      await allowRead(ctx, deps, "rule.read");
      const id = ruleId(ctx);
      ok(ctx, { rule_id: id, variables: await runtime.variables(id) });
    },
  };

  async function setEnabled(ctx: AppContext, enabled: boolean): Promise<void> {
    const id = ruleId(ctx);
    const action = enabled ? "rule.enable" : "rule.disable";
    const { body, audit } = await accept(ctx, { action, permission: "rule.write", confirmed: true, resource: rule(id) });
    validateBody(body, validateConfirmedRequest, `POST /api/rules/${id}/${enabled ? "enable" : "disable"}`);
    ok(ctx, await service.setEnabled(id, enabled, audited(audit)));
  }
}
