// The measured rule, made through the API as a client would: POST a stub, PUT a 50-node flow
// (left disabled, so the scheduler does no work while the API is measured), then check that the
// stored topology binds to the site. Returns the requests to measure and the service's replies,
// which the plain baseline answers with.
import { compileFlow } from "../../compiler/index.js";
import { flowOfSize } from "../fixtures/flow-of-size.js";
import type { PlainReplies } from "./plain-server.js";

export interface PreparedRule {
  id: number;
  path: string;
  nodes: number;
  /** The PUT body every measured PUT sends. */
  putBody: string;
  replies: PlainReplies;
}

export async function prepareRule(url: string, token: string, nodes = 50): Promise<PreparedRule> {
  const flow = flowOfSize(nodes);
  const compiled = compileFlow(flow);
  if (!compiled.ok) throw new Error(`the benchmark flow does not compile: ${JSON.stringify(compiled.diagnostics)}`);
  const call = async (method: string, path: string, body?: unknown): Promise<{ status: number; bytes: Buffer }> => {
    const headers: Record<string, string> = { authorization: `Bearer ${token}` };
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(`${url}${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body: typeof body === "string" ? body : JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(5000),
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${bytes.toString("utf8").slice(0, 500)}`);
    return { status: response.status, bytes };
  };

  const created = await call("POST", "/api/rules", { name: `flow of ${nodes} nodes`, description: "HTTP benchmark", confirmed: true });
  const id = (JSON.parse(created.bytes.toString("utf8")) as { data: { id: number } }).data.id;
  const path = `/api/rules/${id}`;
  const putBody = JSON.stringify({ flow_json: flow, confirmed: true });
  const put = await call("PUT", path, putBody);
  await call("GET", `${path}/variables`); // the stored topology binds to BENCH_SITE's points
  const get = await call("GET", path);
  const rule = (JSON.parse(get.bytes.toString("utf8")) as { data: { enabled: boolean; flow_json: { nodes: unknown[] } } }).data;
  if (rule.enabled || rule.flow_json.nodes.length !== nodes) throw new Error(`the stored rule is not the disabled ${nodes}-node flow`);
  return { id, path, nodes, putBody, replies: { get: get.bytes, put: put.bytes } };
}
