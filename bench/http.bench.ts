// `npm run bench -- http`: requests/s and p99 latency of GET /api/rules/{id} and of PUT of a
// 50-node flow, with JWT verification on, over loopback; against a plain node:http server
// answering the same bytes from memory, measured with the same load generator in the same run.
// Subjects alternate in rounds so that machine noise hits both alike. About 25 s in all.
import { startLoadGenerator, type LoadGenerator } from "./http/load-generator.js";
import { summarizeLoad, type LoadSpec, type LoadSummary, type RawLoadResult } from "./http/load-spec.js";
import { startPlainServer, type PlainServer } from "./http/plain-server.js";
import { prepareRule } from "./http/prepare-rule.js";
import { startServiceUnderTest, type ServiceUnderTest } from "./http/start-service.js";
import { formatRate } from "./harness.js";

const WARMUP_MS = 1000;
const ROUND_MS = 1500;
const ROUNDS = 3;

interface Comparison {
  title: string;
  /** Requests per second the service must reach. */
  target: number;
  service: LoadSpec;
  plain: LoadSpec;
}

export async function benchHttp(): Promise<void> {
  let service: ServiceUnderTest | undefined;
  let plain: PlainServer | undefined;
  const load = startLoadGenerator();
  try {
    service = await startServiceUnderTest();
    const rule = await prepareRule(service.url, service.token);
    plain = await startPlainServer(rule.replies);
    console.log(
      `\nhttp: a ${rule.nodes}-node flow (PUT body ${formatRate(rule.putBody.length)} bytes, GET reply ${formatRate(rule.replies.get.length)} bytes), ` +
        `JWT checked on every request (a repeated token's signature check is cached up to 60 s), GET served from the read cache, SQLite file store (synchronous=FULL), loopback; load from a worker thread over keep-alive connections, ` +
        `${ROUNDS} rounds of ${ROUND_MS / 1000} s per subject after ${WARMUP_MS / 1000} s of warm-up`,
    );
    const auth = { authorization: `Bearer ${service.token}` };
    const put = { "content-type": "application/json", ...auth };
    const subjects = (method: "GET" | "PUT", concurrency: number, headers: Record<string, string>) => {
      const spec = (url: string): LoadSpec => ({ url: `${url}${rule.path}`, method, headers, concurrency, durationMs: ROUND_MS, ...(method === "PUT" ? { body: rule.putBody } : {}) });
      return { service: spec(service!.url), plain: spec(plain!.url) };
    };
    let valid = await compare(load, { title: "GET /api/rules/{id}, 16 in flight", target: 3000, ...subjects("GET", 16, auth) });
    valid = (await compare(load, { title: `PUT /api/rules/{id} (${rule.nodes}-node flow), 8 in flight`, target: 300, ...subjects("PUT", 8, put) })) && valid;
    if (service.internalErrors.length > 0) {
      valid = false;
      console.log(`  INVALID: the service reported ${service.internalErrors.length} internal errors; first: ${String(service.internalErrors[0])}`);
    }
    if (!valid) process.exitCode = 1;
  } finally {
    await load.close();
    await plain?.close();
    await service?.close();
  }
}

/** Prints both subjects and their ratios; false when any request of either failed. */
async function compare(load: LoadGenerator, c: Comparison): Promise<boolean> {
  const warmUp = [await load.run({ ...c.service, durationMs: WARMUP_MS }), await load.run({ ...c.plain, durationMs: WARMUP_MS })];
  const runs: { service: RawLoadResult[]; plain: RawLoadResult[] } = { service: [], plain: [] };
  for (let round = 0; round < ROUNDS; round++) {
    runs.service.push(await load.run(c.service));
    runs.plain.push(await load.run(c.plain));
  }
  const ours = summarizeLoad(runs.service);
  const base = summarizeLoad(runs.plain);
  const met = ours.requestsPerSecond >= c.target;
  console.log(`\n  ${c.title}`);
  console.log(`  koa+auth+store   ${formatSummary(ours)}  (target: at least ${formatRate(c.target)} req/s) ${met ? "OK" : "MISSED"}`);
  console.log(`  baseline: plain  ${formatSummary(base)}`);
  console.log(
    `  ratio koa+auth+store / plain: ${(ours.requestsPerSecond / base.requestsPerSecond).toFixed(3)}x the req/s, ` +
      `${(ours.p50Ms / base.p50Ms).toFixed(1)}x the p50, ${(ours.p99Ms / base.p99Ms).toFixed(1)}x the p99`,
  );
  const checked = [ours, base, ...warmUp.map((run) => summarizeLoad([run]))].map((s, i) => reportFailures(s, ["koa+auth+store", "baseline", "koa+auth+store warming up", "baseline warming up"][i]!));
  return checked.every(Boolean);
}

function formatSummary(s: LoadSummary): string {
  return `${formatRate(s.requestsPerSecond).padStart(7)} req/s  p50 ${ms(s.p50Ms)}  p99 ${ms(s.p99Ms)}  (${formatRate(s.requests)} requests)`;
}

function reportFailures(s: LoadSummary, who: string): boolean {
  if (s.failures === 0) return true;
  console.log(`  INVALID: ${who} answered ${formatRate(s.failures)} of ${formatRate(s.requests)} requests with a non-2xx status; first: ${s.firstFailure ?? "?"}`);
  return false;
}

function ms(value: number): string {
  return `${value.toFixed(2)} ms`.padStart(9);
}
