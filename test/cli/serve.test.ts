// `svc serve` as the composition root runs it: configured by the environment, serving on a
// loopback port, and shutting down gracefully on a signal.
import { expect } from "chai";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { main } from "../../cli/main.js";
import { mintToken } from "../../runtime/auth/mint-token.js";
import { parsePrometheusText, valueOf } from "../helpers/prometheus-text.js";
import { projectRoot } from "../helpers/paths.js";

/** `svc serve` in-process on loopback ports with its var folder in `dir`; signals and exit captured. */
async function serveIn(dir: string, env: Record<string, string>) {
  let out = "";
  let err = "";
  let signal: ((name: string) => void) | undefined;
  let exited: (code: number) => void = () => undefined;
  const exit = new Promise<number>((resolve) => (exited = resolve));
  const code = await main(["serve"], { out: (t) => (out += t), err: (t) => (err += t) }, projectRoot, {
    env: { PORT: "0", SVC_PROCESSOR_PORT: "0", SVC_VAR_DIR: dir, SVC_PACK: join(projectRoot, "examples/packs/demo"), ...env },
    onSignal: (handler) => (signal = handler),
    exit: exited,
  });
  return { code, out: () => out, err: () => err, signal: (name: string) => signal!(name), exit };
}

describe("svc serve", () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), "svc-serve-"))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const serve = (env: Record<string, string>) => serveIn(dir, env);

  it("serves the demo on SQLite with a generated owner-only key, prints the URLs and how to get a token, and stops on SIGTERM", async () => {
    const running = await serve({});
    expect(running.code, running.err()).to.equal(0);
    const url = /serving (http:\/\/127\.0\.0\.1:\d+)/.exec(running.out())?.[1];
    expect(url, running.out()).to.be.a("string");
    expect(running.out()).to.contain(`${url}/docs`);
    expect(running.out()).to.contain("svc -- token --role Engineer");
    expect(statSync(join(dir, "jwt-secret")).mode & 0o077).to.equal(0);
    expect(statSync(join(dir, "svc.sqlite")).isFile()).to.equal(true);
    const health = await fetch(`${url}/health`, { signal: AbortSignal.timeout(3000) });
    expect(await health.json()).to.include({ status: "ok" });
    running.signal("SIGTERM");
    expect(await running.exit).to.equal(0);
    expect(running.out()).to.contain("stopped");
    const refused = await fetch(`${url}/health`, { signal: AbortSignal.timeout(3000) }).then(
      () => "answered",
      () => "refused",
    );
    expect(refused).to.equal("refused");
  });

  it("issue 19.6: the service answers GET /metrics with its own load: scheduler, rules, store pool, HTTP and process series", async () => {
    const secret = "a-serve-test-secret-of-more-than-32-bytes";
    const running = await serve({ SVC_JWT_SECRET: secret, SVC_DATA_PROCESSING: "off" });
    expect(running.code, running.err()).to.equal(0);
    try {
      const url = /serving (http:\/\/127\.0\.0\.1:\d+)/.exec(running.out())![1]!;
      const token = await mintToken(new TextEncoder().encode(secret), { sub: "prometheus", role: "Viewer", ttlSeconds: 60 }, Date.now());
      expect((await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(3000) })).status, "a token is needed").to.equal(401);
      await fetch(`${url}/health`, { signal: AbortSignal.timeout(3000) });
      const reply = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(3000) });
      expect(reply.status).to.equal(200);
      const families = parsePrometheusText(await reply.text());
      expect(valueOf(families, "svc_rules_total")).to.equal(0);
      expect(valueOf(families, "svc_scheduler_queued")).to.equal(0);
      expect(valueOf(families, "svc_store_pool_max"), "SQLite: one connection").to.equal(1);
      expect(valueOf(families, "svc_reload_duration_seconds_count", { kind: "full" }), "the start-up reload").to.equal(1);
      expect(valueOf(families, "svc_http_request_duration_seconds_count", { method: "GET", route: "/health", status: "200" })).to.equal(1);
      expect(families.get("process_resident_memory_bytes")?.type).to.equal("gauge");
    } finally {
      running.signal("SIGTERM");
      expect(await running.exit).to.equal(0);
    }
  });

  it("refuses to start on a bad setting, naming the variable (exit 2)", async () => {
    for (const [env, variable] of [
      [{ PORT: "eighty" }, "PORT"],
      [{ SVC_JWT_SECRET: "short" }, "SVC_JWT_SECRET"],
      [{ SVC_DB_URL: "mysql://x" }, "SVC_DB_URL"],
    ] as const) {
      const running = await serve(env);
      expect(running.code, JSON.stringify(env)).to.equal(2);
      expect(running.err()).to.contain(variable);
    }
  });
});

// Data processing in `svc serve` (issue 7 item 5: the reference processor "started by `npm start`
// on SVC_PROCESSOR_PORT"): port 0 picks a free loopback port, the processor stops with the
// service, and the settings are checked at start-up like the others.
describe("svc serve with data processing", function () {
  this.timeout(30_000);
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), "svc-serve-dp-"))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const serve = (env: Record<string, string>) => serveIn(dir, env);

  /** The exit code, or "still running" after `ms`; the timer never outlives the race. */
  async function exitWithin(exit: Promise<number>, ms: number): Promise<number | "still running"> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<"still running">((resolve) => (timer = setTimeout(() => resolve("still running"), ms)));
    try {
      return await Promise.race([exit, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  const answers = (url: string, headers: Record<string, string> = {}) =>
    fetch(url, { headers, signal: AbortSignal.timeout(3000) }).then(
      (response) => response.status,
      () => "refused" as const,
    );

  it("SVC_PROCESSOR_PORT=0: serves, runs the embedded processor on a free loopback port with the demo tasks, never prints the token, and stops both on SIGTERM", async () => {
    const token = "serve-test-processor-token-0123456789";
    const running = await serve({ SVC_PROCESSOR_TOKEN: token });
    expect(running.code, running.err()).to.equal(0);
    const url = /serving (http:\/\/127\.0\.0\.1:\d+)/.exec(running.out())?.[1];
    const processor = /data processing: 2 tasks commissioned; reference processor (http:\/\/127\.0\.0\.1:\d+)/.exec(running.out())?.[1];
    expect(url, running.out()).to.be.a("string");
    expect(processor, running.out()).to.be.a("string").and.not.equal("http://127.0.0.1:8090");
    expect(running.out()).to.match(/seeded \d+ samples of demo history for 3 points/);
    expect(await answers(`${url}/health`)).to.equal(200);
    expect(await answers(`${processor}/v1/health`, { authorization: `Bearer ${token}` })).to.equal(200);
    expect(await answers(`${processor}/v1/health`)).to.equal(401);
    running.signal("SIGTERM");
    expect(await exitWithin(running.exit, 15_000)).to.equal(0);
    expect(await answers(`${processor}/v1/health`, { authorization: `Bearer ${token}` })).to.equal("refused");
    expect(await answers(`${url}/health`)).to.equal("refused");
    expect(running.out() + running.err()).not.to.contain(token);
  });

  it("SVC_DATA_PROCESSING=off: serves without the processor and seeds nothing", async () => {
    const running = await serve({ SVC_DATA_PROCESSING: "off" });
    expect(running.code, running.err()).to.equal(0);
    expect(running.out()).to.contain("data processing off (SVC_DATA_PROCESSING=off)");
    expect(running.out()).not.to.contain("seeded");
    running.signal("SIGTERM");
    expect(await exitWithin(running.exit, 15_000)).to.equal(0);
  });

  it("refuses a bad data-processing setting, naming the variable and never echoing a token (exit 2)", async () => {
    for (const [env, variable] of [
      [{ SVC_PROCESSOR_PORT: "8o90" }, "SVC_PROCESSOR_PORT"],
      [{ SVC_PROCESSOR_PORT: "70000" }, "SVC_PROCESSOR_PORT"],
      [{ PORT: "9191", SVC_PROCESSOR_PORT: "9191" }, "SVC_PROCESSOR_PORT"],
      [{ SVC_DATA_PROCESSING: "yes" }, "SVC_DATA_PROCESSING"],
      [{ SVC_DEMO_DATA: "maybe" }, "SVC_DEMO_DATA"],
      [{ SVC_PROCESSOR_TOKEN: "two words" }, "SVC_PROCESSOR_TOKEN"],
    ] as const) {
      const running = await serve(env);
      expect(running.code, JSON.stringify(env)).to.equal(2);
      expect(running.err()).to.contain(variable);
      expect(running.err()).not.to.contain("two words");
    }
  });

  it("refuses to start when SVC_PROCESSOR_PORT is in use, naming the variable (exit 2)", async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
    try {
      const port = (taken.address() as AddressInfo).port;
      const running = await serve({ SVC_PROCESSOR_PORT: String(port) });
      expect(running.code).to.equal(2);
      expect(running.err()).to.contain(`SVC_PROCESSOR_PORT ${port} is in use`);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
