// The audit routes of the control plane over HTTP, for `svc audit`: they answer the body itself
// (the spec's v1 envelope), checked for the members the CLI prints.
import type { AuditChainReport } from "../../generated/types.js";
import { mismatch, request, type Shape } from "./api-client.js";
import { ServiceFailure } from "./api-errors.js";
import type { ApiSettings } from "./api-settings.js";

export interface AuditClient {
  /** Verifies the chain from `from` (default 1) to `to` (default the last event). */
  verify(range: { from?: number; to?: number }): Promise<AuditChainReport>;
}

const REPORT: Shape = { ok: "boolean", from: "string", checked: "number", firstBroken: "object|null", last: "object|null" };

export function createAuditClient(settings: ApiSettings, fetchImpl: typeof fetch = fetch): AuditClient {
  return {
    async verify({ from, to }) {
      const query = new URLSearchParams();
      if (from !== undefined) query.set("from", String(from));
      if (to !== undefined) query.set("to", String(to));
      const path = `/api/v1/audit/verify${query.size > 0 ? `?${query.toString()}` : ""}`;
      const answer = await request<unknown>(settings, fetchImpl, "GET", path, undefined, "v1");
      const wrong = mismatch(answer, REPORT);
      if (wrong !== undefined) throw new ServiceFailure(`GET ${path} answered data that is not the audit API's (${wrong}): is SVC_BASE_URL (${settings.baseUrl}) this service?`);
      return answer as AuditChainReport;
    },
  };
}
