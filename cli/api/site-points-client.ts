// GET /api/site/points over HTTP, for `svc points` without a pack: the running service's site
// points with the stored rules that read, watch or write each (issue 17.3), checked for the
// members the CLI prints.
import type { SitePointsReport } from "../points-report.js";
import { mismatch, request, type Shape } from "./api-client.js";
import { ServiceFailure } from "./api-errors.js";
import type { ApiSettings } from "./api-settings.js";

const USERS: Shape = { readers: { each: { rule: "string", access: "string" } }, writers: { each: { rule: "string", priority: "number" } } };
const REPORT: Shape = {
  points: { each: { instance: "number", instance_name: "string", point_type: "string", point: "number", name: "string", unit: "string", ...USERS } },
};
const UNDECLARED: Shape = { undeclared: { each: { ref: "string", ...USERS } } };

export const SITE_POINTS_PATH = "/api/site/points";

export async function fetchSitePoints(settings: ApiSettings, fetchImpl: typeof fetch = fetch): Promise<SitePointsReport> {
  const answer = await request<unknown>(settings, fetchImpl, "GET", SITE_POINTS_PATH, undefined);
  const hasUndeclared = (answer as { undeclared?: unknown } | null)?.undeclared !== undefined;
  const wrong = mismatch(answer, REPORT) ?? (hasUndeclared ? mismatch(answer, UNDECLARED) : undefined);
  if (wrong !== undefined) throw new ServiceFailure(`GET ${SITE_POINTS_PATH} answered data that is not the site points (${wrong}): is SVC_BASE_URL (${settings.baseUrl}) this service?`);
  return answer as SitePointsReport;
}
