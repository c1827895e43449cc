// The load generator's own thread: keeps `concurrency` requests in flight over keep-alive
// connections (node:http with an Agent, the same client for the service and the baseline) and
// times each one with performance.now(). It runs in a worker so that its CPU is not taken from
// the server under test, which has the main thread to itself.
import { Agent, request } from "node:http";
import { parentPort } from "node:worker_threads";
import type { LoadSpec, RawLoadResult } from "./load-spec.js";

const agents = new Map<string, Agent>();

parentPort!.on("message", (message: { id: number; spec: LoadSpec } | "close") => {
  if (message === "close") {
    for (const agent of agents.values()) agent.destroy();
    parentPort!.close();
    return;
  }
  runLoad(message.spec).then(
    (result) => parentPort!.postMessage({ id: message.id, result }, [result.latenciesMs.buffer as ArrayBuffer]),
    (error: unknown) => parentPort!.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
  );
});

interface Reply {
  status: number;
  /** The body of a non-2xx reply, for the report; empty otherwise. */
  text: string;
}

async function runLoad(spec: LoadSpec): Promise<RawLoadResult> {
  const url = new URL(spec.url);
  const key = `${url.host}/${spec.concurrency}`;
  let agent = agents.get(key);
  if (agent === undefined) agents.set(key, (agent = new Agent({ keepAlive: true, maxSockets: spec.concurrency })));
  const body = spec.body === undefined ? undefined : Buffer.from(spec.body);
  const headers = { ...spec.headers, ...(body !== undefined ? { "content-length": String(body.length) } : {}) };
  const options = { host: url.hostname, port: url.port, path: url.pathname, method: spec.method, agent, headers };
  const send = (): Promise<Reply> =>
    new Promise((resolve, reject) => {
      const req = request(options, (res) => {
        const status = res.statusCode ?? 0;
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => void (status >= 300 && chunks.push(chunk)));
        res.on("end", () => resolve({ status, text: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      });
      req.on("error", reject);
      req.end(body);
    });

  let latencies = new Float64Array(1 << 14);
  let count = 0;
  const statuses: Record<number, number> = {};
  let firstFailure: string | undefined;
  const start = performance.now();
  const end = start + spec.durationMs;
  let last = start;
  const lane = async (): Promise<void> => {
    while (performance.now() < end) {
      const sent = performance.now();
      const reply = await send();
      last = performance.now();
      if (count === latencies.length) latencies = grow(latencies);
      latencies[count++] = last - sent;
      statuses[reply.status] = (statuses[reply.status] ?? 0) + 1;
      if (reply.status >= 300) firstFailure ??= `${reply.status} ${reply.text.slice(0, 300)}`;
    }
  };
  await Promise.all(Array.from({ length: spec.concurrency }, lane));
  return { requests: count, seconds: (last - start) / 1000, latenciesMs: latencies.slice(0, count), statuses, ...(firstFailure !== undefined ? { firstFailure } : {}) };
}

function grow(values: Float64Array<ArrayBuffer>): Float64Array<ArrayBuffer> {
  const bigger = new Float64Array(values.length * 2);
  bigger.set(values);
  return bigger;
}
