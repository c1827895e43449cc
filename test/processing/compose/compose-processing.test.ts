// Data processing composed as `svc serve` does it (runtime/processing/compose), on a temporary
// SQLite store (and PostgreSQL when configured) with a fake clock: the demo pack commissioned,
// the embedded reference processor on a loopback port (port 0) with the pack's tasks, the routes
// that point at it following its port, the processor token, demo data that makes the demo
// forecasts' 7-day frames complete, and seeding that never duplicates. Issue 7 item 5 ("started
// by `npm start` on SVC_PROCESSOR_PORT"); spec: What the service does 1 and 4, Grid rules 2 and
// 6, Authentication 3 and 4, Processor route configuration (bearer_token_env).
import { expect } from "chai";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ProcessingFrame, SiteModel } from "../../../generated/types.js";
import type { CommissionedTask, PackText } from "../../../runtime/processing/binding/index.js";
import { composeProcessing, seedDemoHistory, type ComposeProcessingOptions, type ProcessingHandle } from "../../../runtime/processing/compose/index.js";
import { assembleFrame } from "../../../runtime/processing/frame/assemble-frame.js";
import { floorToGrid } from "../../../runtime/processing/frame/grid.js";
import { readSourceSnapshot } from "../../../runtime/processing/sources/source-snapshot.js";
import { startReferenceProcessor } from "../../../runtime/processor/start-processor.js";
import { loadSite } from "../../../runtime/points/load-site.js";
import { createPointCatalog } from "../../../runtime/points/point-catalog.js";
import { pointSeed, simulatedValue } from "../../../runtime/points/virtual/simulate.js";
import { createRuleEngine } from "../../../runtime/rules/create-rule-engine.js";
import type { PointKey, Store } from "../../../runtime/store/store.js";
import { createFakeTime, type FakeTime } from "../../helpers/fake-time.js";
import { fromRoot } from "../../helpers/paths.js";
import { databaseBackends } from "../../store/backends.js";

const C = 900_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const DEMO = "examples/packs/demo";
const FILES = ["tasks/pv-forecast.yaml", "tasks/site-load-forecast.yaml", "bindings/pv-main.yaml", "bindings/site-load-main.yaml", "routes/reference-forecast.yaml"];
const METER: PointKey = { instance: 30, point_type: "measurement", point: 11 };
const TEMP: PointKey = { instance: 5, point_type: "measurement", point: 1 };
const PV: PointKey = { instance: 35, point_type: "measurement", point: 1 };
const START = Date.parse("2026-06-15T10:07:31.250Z");

const read = (file: string): PackText => ({ file, text: readFileSync(fromRoot(DEMO, file), "utf8") });
const SITE: SiteModel = loadSite(read("site.yaml").text, "site.yaml").site!;

function recordingLog() {
  const lines: string[] = [];
  return { lines, log: { info: (line: string) => lines.push(`info ${line}`), error: (line: string) => lines.push(`error ${line}`) } };
}

for (const [name, backend] of databaseBackends()) {
  describe(`composeProcessing on ${name}`, function () {
    this.timeout(30_000);
    let count = 0;
    let store: Store;
    let time: FakeTime;
    const handles: ProcessingHandle[] = [];
    beforeEach(async () => {
      store = await backend.open(`compose${++count}`);
      time = createFakeTime(START);
    });
    afterEach(async () => {
      for (const handle of handles.splice(0)) await handle.stop();
      await store.close();
    });
    after(() => backend.cleanup());

    async function compose(overrides: Partial<ComposeProcessingOptions> = {}) {
      const { lines, log } = recordingLog();
      let tokens = 0;
      const handle = await composeProcessing({
        files: FILES.map(read),
        site: { file: "site.yaml", model: SITE },
        store,
        clock: time.clock,
        env: {},
        log,
        version: "0.1.0",
        processorPort: 0,
        startProcessor: startReferenceProcessor,
        newToken: () => `generated-token-${++tokens}`,
        ...overrides,
      });
      handles.push(handle);
      return { handle, lines, tokens: () => tokens };
    }

    async function health(url: string, token?: string) {
      const response = await fetch(`${url}/v1/health`, { headers: token === undefined ? {} : { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(3000) });
      return { status: response.status, body: (await response.json()) as { code?: string; tasks?: unknown } };
    }

    function commissioned(handle: ProcessingHandle, bindingId: string): CommissionedTask {
      return handle.commissioned.commissioned.find((c) => c.binding.id === bindingId)!;
    }

    async function frameAt(handle: ProcessingHandle, bindingId: string, asOf: number): Promise<ProcessingFrame> {
      const task = commissioned(handle, bindingId);
      const sources = await store.readSnapshot((s) => readSourceSnapshot({ points: s.points, covariates: s.covariates }, task, asOf, task.task.frame.horizon_steps));
      const assembled = assembleFrame({ task: task.task, asOf, horizonSteps: task.task.frame.horizon_steps, ...sources });
      if (!assembled.ok) expect.fail(`${bindingId} at ${new Date(asOf).toISOString()}: ${assembled.code} ${JSON.stringify(assembled.diagnostics.map((d) => d.code))}`);
      return assembled.frame;
    }

    const countSamples = async (ref: PointKey) => (await store.points.range(ref, 0, START + 30 * DAY)).length;

    it("commissions the demo pack and starts the embedded reference processor on a loopback port with the pack's tasks (issue 7 item 5)", async () => {
      const { handle, lines } = await compose();
      expect(handle.commissioned.commissioned.map((c) => `${c.binding.id}:${c.task.id}`)).to.deep.equal(["pv-main:pv-forecast", "site-load-main:site-load-forecast"]);
      expect(handle.commissioned.refused).to.deep.equal([]);
      expect(handle.processorUrl).to.match(/^http:\/\/127\.0\.0\.1:\d+$/);
      const answered = await health(handle.processorUrl!, handle.env.SVC_PROCESSOR_TOKEN);
      expect(answered.status).to.equal(200);
      expect(answered.body.tasks).to.deep.equal([
        { id: "pv-forecast", revision: 1 },
        { id: "site-load-forecast", revision: 1 },
      ]);
      expect(lines.filter((l) => l.startsWith("error"))).to.deep.equal([]);
    });

    it("rewrites the endpoint of the routes that point at the embedded processor to its actual port, and logs it", async () => {
      const { handle, lines } = await compose();
      expect(handle.routes.map((r) => [r.id, r.processor.endpoint])).to.deep.equal([["reference-forecast", handle.processorUrl]]);
      for (const c of handle.commissioned.commissioned) expect(c.route.processor.endpoint).to.equal(handle.processorUrl);
      expect(lines).to.include(`info data processing: route reference-forecast: endpoint http://127.0.0.1:8090 -> ${handle.processorUrl} (the embedded reference processor)`);
    });

    it("Authentication 3/4: without SVC_PROCESSOR_TOKEN a random token for this run goes to the processor and the client's env, never to the log or the caller's env", async () => {
      const env = { PATH: "/bin" };
      const { handle, lines, tokens } = await compose({ env });
      expect(tokens()).to.equal(1);
      expect(handle.env).to.deep.equal({ PATH: "/bin", SVC_PROCESSOR_TOKEN: "generated-token-1" });
      expect(env).to.deep.equal({ PATH: "/bin" });
      expect(lines.join("\n")).not.to.contain("generated-token-1");
      expect((await health(handle.processorUrl!)).body.code).to.equal("PROCESSOR_AUTH_REQUIRED");
      expect((await health(handle.processorUrl!, "another")).body.code).to.equal("PROCESSOR_AUTH_DENIED");
      expect((await health(handle.processorUrl!, "generated-token-1")).status).to.equal(200);
    });

    it("Authentication 3: a configured SVC_PROCESSOR_TOKEN is the processor's token and is not replaced", async () => {
      const { handle, lines, tokens } = await compose({ env: { SVC_PROCESSOR_TOKEN: "configured-secret-value" } });
      expect(tokens()).to.equal(0);
      expect(handle.env.SVC_PROCESSOR_TOKEN).to.equal("configured-secret-value");
      expect((await health(handle.processorUrl!, "configured-secret-value")).status).to.equal(200);
      expect(lines.join("\n")).not.to.contain("configured-secret-value");
    });

    it("SVC_PROCESSOR_PORT=off: no embedded processor, routes and environment as configured, no token made", async () => {
      const env = { SVC_PROCESSOR_TOKEN: "external-processor-token" };
      const { handle, lines, tokens } = await compose({ env, processorPort: "off" });
      expect(handle.processorUrl).to.equal(undefined);
      expect(handle.env).to.equal(env);
      expect(tokens()).to.equal(0);
      expect(handle.routes.map((r) => r.processor.endpoint)).to.deep.equal(["http://127.0.0.1:8090"]);
      expect(handle.commissioned.commissioned).to.have.length(2);
      expect(lines.some((l) => l.includes("embedded reference processor off"))).to.equal(true);
      await handle.stop();
    });

    it("What the service does 4: a refused binding is logged with its diagnostics and the other task still runs", async () => {
      const files = FILES.map(read).map((f) => (f.file === "bindings/site-load-main.yaml" ? { ...f, text: f.text.replace("unit: kW", "unit: W") } : f));
      const { handle, lines } = await compose({ files });
      expect(handle.commissioned.commissioned.map((c) => c.binding.id)).to.deep.equal(["pv-main"]);
      expect(handle.commissioned.refused.map((r) => r.binding.id)).to.deep.equal(["site-load-main"]);
      expect(lines).to.include("error data processing: binding site-load-main revision 1 (bindings/site-load-main.yaml) is refused; its task is not available");
      expect(lines.some((l) => /^error {3}bindings\/site-load-main\.yaml:\d+:\d+: error [a-z-]+\/[a-z-]+: /.test(l)), lines.join("\n")).to.equal(true);
      expect((await health(handle.processorUrl!, handle.env.SVC_PROCESSOR_TOKEN)).body.tasks).to.deep.equal([{ id: "pv-forecast", revision: 1 }]);
    });

    it("a pack file with an error leaves no task and no processor, and composing still succeeds", async () => {
      const files = FILES.map(read).map((f) => (f.file === "routes/reference-forecast.yaml" ? { ...f, text: f.text.replace("deadline_ms: 30000", "deadline_ms: -1") } : f));
      const { handle, lines } = await compose({ files });
      expect(handle.commissioned.commissioned).to.deep.equal([]);
      expect(handle.processorUrl).to.equal(undefined);
      expect(lines.some((l) => /^error {3}routes\/reference-forecast\.yaml:\d+:\d+: error /.test(l)), lines.join("\n")).to.equal(true);
    });

    it("a pack without data-processing files composes to no task", async () => {
      const { handle, lines } = await compose({ files: [] });
      expect(handle.commissioned.commissioned).to.deep.equal([]);
      expect(handle.processorUrl).to.equal(undefined);
      expect(handle.demo).to.deep.equal({});
      expect(lines.some((l) => l.includes("no tasks/, bindings/ or routes/ files"))).to.equal(true);
    });

    it("Grid rules 2 and 6: the seeded demo data makes both demo frames complete at the grid as_of of now (missing_ratio 0, watermark as_of)", async () => {
      const { handle, lines } = await compose();
      expect(handle.demo!.history).to.deep.include({ points: 3, current: 0, notSimulated: [] });
      expect(lines).to.include(`info data processing: seeded ${handle.demo!.history!.samples} samples of demo history for 3 points`);
      expect(handle.demo!.weather!.inserted).to.be.greaterThan(0);
      const asOf = floorToGrid(START, C);
      for (const binding of ["site-load-main", "pv-main"]) {
        const frame = await frameAt(handle, binding, asOf);
        expect(frame.quality, binding).to.deep.include({ missing_ratio: 0, input_watermark: new Date(asOf).toISOString().replace(".000Z", "Z") });
        expect(frame.history.timestamps, binding).to.have.length(672);
      }
    });

    it("the seeded history is the site's simulation: one sample a minute for 7 days and an hour up to now, each the virtual channel's value", async () => {
      const { handle } = await compose();
      const first = Math.floor((START - 7 * DAY - HOUR) / 60_000) * 60_000 + 60_000;
      const last = Math.floor(START / 60_000) * 60_000;
      const minutes = (last - first) / 60_000 + 1;
      expect(handle.demo!.history!.samples).to.equal(3 * minutes);
      for (const ref of [METER, TEMP, PV]) {
        const rows = await store.points.range(ref, 0, START + DAY);
        expect(rows, JSON.stringify(ref)).to.have.length(minutes);
        expect([rows[0]!.at, rows.at(-1)!.at]).to.deep.equal([first, last]);
        const spec = createPointCatalog(SITE).lookup(ref)!.simulate!;
        for (const row of [rows[0]!, rows[4321]!, rows.at(-1)!]) expect(row.value).to.equal(simulatedValue(spec, row.at, pointSeed(ref)));
      }
    });

    it("seeding again adds nothing; after the service was stopped for two hours only the gap is seeded and the frame is complete again", async () => {
      const first = await compose();
      await first.handle.stop();
      const before = await countSamples(METER);
      const again = await compose();
      expect(again.handle.demo!.history).to.deep.include({ samples: 0, points: 0, current: 3 });
      expect(again.handle.demo!.weather).to.deep.equal({ inserted: 0, unchanged: first.handle.demo!.weather!.inserted });
      expect(await countSamples(METER)).to.equal(before);
      await again.handle.stop();

      time.jump(2 * HOUR);
      const later = await compose();
      expect(later.handle.demo!.history).to.deep.include({ samples: 3 * 120, points: 3 });
      expect(await countSamples(METER)).to.equal(before + 120);
      const frame = await frameAt(later.handle, "site-load-main", floorToGrid(START + 2 * HOUR, C));
      expect(frame.quality.missing_ratio).to.equal(0);
    });

    it("SVC_DEMO_DATA=off seeds nothing, and the demo frame is then refused for missing history", async () => {
      const { handle } = await compose({ demoData: false });
      expect(handle.demo).to.equal(undefined);
      expect(await countSamples(METER)).to.equal(0);
      const task = commissioned(handle, "site-load-main");
      const asOf = floorToGrid(START, C);
      const sources = await store.readSnapshot((s) => readSourceSnapshot({ points: s.points, covariates: s.covariates }, task, asOf, 96));
      const assembled = assembleFrame({ task: task.task, asOf, horizonSteps: 96, ...sources });
      expect(assembled.ok ? "accepted" : assembled.code).to.equal("QUALITY_REJECTED");
    });

    it("a failing demo seed is logged and composing still succeeds", async () => {
      const failing: Store = { ...store, covariates: { ...store.covariates, append: () => Promise.reject(new Error("the disk is full")) } };
      const { handle, lines } = await compose({ store: failing });
      expect(handle.demo!.weather).to.equal(undefined);
      expect(handle.demo!.history!.samples).to.be.greaterThan(0);
      expect(lines).to.include("error data processing: demo weather forecast not seeded: the disk is full");
      expect(handle.processorUrl).to.be.a("string");
    });

    it("after the seed, the running simulation keeps recording history: the frame of the next grid label is complete", async () => {
      const { handle } = await compose();
      const logDir = mkdtempSync(join(tmpdir(), "svc-compose-rules-"));
      const engine = createRuleEngine({ site: SITE, store, clock: time.clock, timer: time.timer, logDir, simulate: true, historyFlushMs: 60_000, tickMs: 10_000 });
      try {
        await engine.start();
        await time.advance(8 * 60_000);
      } finally {
        await engine.stop();
        rmSync(logDir, { recursive: true, force: true });
      }
      const asOf = floorToGrid(time.now(), C);
      expect(asOf).to.be.above(START);
      const frame = await frameAt(handle, "site-load-main", asOf);
      expect(frame.quality.missing_ratio).to.equal(0);
      // The newest participating sample is the simulation's (on x.250 s), not the seed's (whole minutes).
      expect(Date.parse(frame.quality.input_watermark!) % 60_000).to.not.equal(0);
      // Within the final cell: how close to as_of depends on when the last flush landed (PostgreSQL is slower).
      expect(Date.parse(frame.quality.input_watermark!)).to.be.above(asOf - C);
    });

    it("seedDemoHistory seeds after the newest stored sample, found several 15-minute windows back in 1 Hz history", async () => {
      const recorded = [];
      for (let at = START - 3 * HOUR; at <= START - 40 * 60_000; at += 1000) recorded.push({ ...METER, at, value: 300 });
      await store.points.append(recorded);
      const newest = recorded.at(-1)!.at;
      const seeded = await seedDemoHistory(store.points, SITE, [METER, METER], START);
      const minutes = Math.floor(START / 60_000) - Math.floor(newest / 60_000);
      expect(seeded).to.deep.equal({ samples: minutes, points: 1, current: 0, notSimulated: [] });
      const after = await store.points.range(METER, newest + 1, START);
      expect(after.map((r) => r.at)).to.deep.equal(Array.from({ length: minutes }, (_, i) => (Math.floor(newest / 60_000) + 1 + i) * 60_000));
      expect(await countSamples(METER)).to.equal(recorded.length + minutes);
    });

    it("seedDemoHistory leaves a point the site does not simulate alone", async () => {
      const fanStatus: PointKey = { instance: 7, point_type: "measurement", point: 4 };
      expect(await seedDemoHistory(store.points, SITE, [fanStatus], START)).to.deep.equal({ samples: 0, points: 0, current: 0, notSimulated: ["measurement(7, 4)"] });
      expect(await countSamples(fanStatus)).to.equal(0);
    });

    it("stop() closes the embedded processor and may be called twice", async () => {
      const { handle } = await compose();
      const url = handle.processorUrl!;
      await Promise.all([handle.stop(), handle.stop()]);
      const outcome = await fetch(`${url}/v1/health`, { signal: AbortSignal.timeout(3000) }).then(
        () => "answered",
        () => "refused",
      );
      expect(outcome).to.equal("refused");
    });
  });
}
