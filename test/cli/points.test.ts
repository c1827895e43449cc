// `svc points` (issue 17.3): the site's points with unit, range and the rules that read, watch and
// write each, for a pack (its site.yaml and rule files) and for a running service (GET
// /api/site/points, here a fake service on loopback answering the shape the service gives).
import { expect } from "chai";
import { readFileSync, readdirSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { parse } from "yaml";
import { main } from "../../cli/main.js";
import type { SitePointsReport } from "../../cli/points-report.js";
import { fromRoot, projectRoot } from "../helpers/paths.js";
import { runSvc, type SvcRun } from "../helpers/run-svc.js";

const svc = (...argv: string[]): Promise<SvcRun> => runSvc(projectRoot, argv);

const DEMO = "examples/packs/demo";

interface DeclaredPoint {
  type: "measurement" | "action";
  point: number;
  name: string;
  unit: string;
  min?: number;
  max?: number;
}
const demoSite = parse(readFileSync(fromRoot(DEMO, "site.yaml"), "utf8")) as { instances: Array<{ id: number; name: string; key?: string; points: DeclaredPoint[] }> };

/** The rows of a table printed by formatTable, as objects by header (columns cut at the headers' positions). */
function tableRows(text: string): Array<Record<string, string>> {
  const [header, ...lines] = text.split("\n");
  const names = header!.split(/ {2,}/);
  const starts = names.map((name) => header!.indexOf(name));
  return lines
    .filter((line) => line.trim() !== "")
    .map((line) => Object.fromEntries(names.map((name, i) => [name, line.slice(starts[i], starts[i + 1]).trim()])));
}

describe("svc points", () => {
  it("issue 17.3: svc points on the demo pack prints one row per site point, in site order, with its unit, range and the rules that read and write it", async () => {
    const { code, out, err } = await svc("points", DEMO);
    expect(code, err).to.equal(0);
    const [table, summary] = out.split(/\n(?=\d+ points)/);
    const rows = tableRows(table!);
    const declared = demoSite.instances.flatMap((instance) => instance.points.map((p) => ({ instance, p })));
    expect(rows).to.have.length(declared.length);
    rows.forEach((row, i) => {
      const { instance, p } = declared[i]!;
      const instanceName = instance.key ?? JSON.stringify(instance.name);
      expect(row.POINT).to.equal(`${instanceName}.${p.name}`);
      expect(row.REF).to.equal(`${p.type}(${instance.id}, ${p.point})`);
      expect(row.UNIT).to.equal(p.unit === "" ? "-" : p.unit);
      expect(row.RANGE).to.equal(p.min === undefined && p.max === undefined ? "-" : `${p.min ?? ""}..${p.max ?? ""}`);
    });
    const row = (ref: string): Record<string, string> => rows.find((r) => r.REF === ref)!;
    expect(row("action(7, 1)")["WRITTEN BY"]).to.equal("AHU-1 cooling stages");
    expect(row("action(7, 1)")["READ BY"], "the rule reads the stage back").to.equal("AHU-1 cooling stages");
    expect(row("measurement(12, 3)")["READ BY"]).to.contain("AHU-1 cooling stages (on_change)");
    expect(row("measurement(5, 1)")["READ BY"]).to.equal("Boiler enable, CHW setpoint reset");
    expect(row("measurement(30, 11)")["READ BY"]).to.equal("-");
    expect(row("action(42, 1)")["WRITTEN BY"]).to.equal("AHU-2 duct pressure");
    expect(row("action(42, 2)")["WRITTEN BY"]).to.equal("Peak demand shedding");
    expect(row("action(42, 2)")["READ BY"]).to.equal("AHU-2 duct pressure");
    expect(summary, "no action has two writers in the demo").to.match(/^\d+ points\n$/);
  });

  it("issue 17.3: svc points PACK --json gives each point with its readers and writers by file and line", async () => {
    const { code, out } = await svc("points", DEMO, "--json");
    expect(code).to.equal(0);
    const report = JSON.parse(out) as SitePointsReport;
    const stage = report.points.find((p) => p.instance === 7 && p.point_type === "action" && p.point === 1)!;
    const file = `${DEMO}/rules/ahu1-cooling-stages.rule`;
    const line = readFileSync(fromRoot(file), "utf8").split("\n").findIndex((l) => l.startsWith('rule "AHU-1 cooling stages"')) + 1;
    expect(stage).to.deep.include({ instance_name: "AHU-1", point_type: "action", name: "cooling_stage", unit: "", min: 0, max: 2 });
    expect(stage.writers).to.deep.equal([{ file, line, rule: "AHU-1 cooling stages", priority: 20 }]);
    expect(stage.readers).to.deep.equal([{ file, line, rule: "AHU-1 cooling stages", access: "read" }]);
    const energy = report.points.find((p) => p.instance === 30 && p.point === 11)!;
    expect([energy.min, energy.max], "unbounded is null").to.deep.equal([0, null]);
    expect(report.undeclared).to.deep.equal([]);
    const ruleFiles = readdirSync(fromRoot(DEMO, "rules")).filter((f) => /\.rule(\.ya?ml)?$/.test(f));
    const files = new Set(report.points.flatMap((p) => [...p.readers, ...p.writers].map((r) => r.file)));
    expect([...files].sort(), "every rule file of the pack is read").to.deep.equal(ruleFiles.map((f) => `${DEMO}/rules/${f}`).sort());
  });

  it("issue 17.3: svc points on a folder without a site.yaml is a usage error", async () => {
    const { code, err } = await svc("points", `${DEMO}/rules`);
    expect(code).to.equal(2);
    expect(err).to.contain("has no site.yaml");
  });

  describe("over the API", () => {
    let fake: Server;
    let url: string;
    let answer: unknown;
    let seen: { path: string | undefined; headers: IncomingHttpHeaders } | undefined;
    before(async () => {
      fake = createServer((req, res) => {
        seen = { path: req.url, headers: req.headers };
        res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
      });
      await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
      url = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    });
    after(() => new Promise<void>((resolve) => fake.close(() => resolve())));

    const run = async (argv: string[], env: Record<string, string>): Promise<SvcRun> => {
      let out = "";
      let err = "";
      const serving = { env, onSignal: () => undefined, exit: () => undefined };
      const code = await main(argv, { out: (t) => (out += t), err: (t) => (err += t) }, projectRoot, serving);
      return { code, out, err };
    };

    const data: SitePointsReport = {
      points: [
        {
          instance: 7, instance_name: "AHU-1", instance_key: "ahu1", point_type: "action", point: 1, name: "cooling_stage", unit: "", min: 0, max: 2,
          readers: [{ rule_id: 3, rule: "AHU-1 cooling stages", access: "read" }],
          writers: [{ rule_id: 3, rule: "AHU-1 cooling stages", priority: 20 }, { rule_id: 9, rule: "Walkthrough", priority: 0 }],
        },
        { instance: 5, instance_name: "Weather station", instance_key: null, point_type: "measurement", point: 1, name: "outdoor_temp", unit: "degC", min: null, max: 50, readers: [], writers: [] },
      ],
      undeclared: [{ ref: "action(13, 9)", instance: 13, point_type: "action", point: 9, readers: [], writers: [{ rule_id: 4, rule: "Old rule", priority: 0 }] }],
    };

    it("issue 17.3: svc points asks the running service (GET /api/site/points, with the token) and prints the same table", async () => {
      answer = { success: true, data };
      const { code, out, err } = await run(["points"], { SVC_BASE_URL: url, SVC_ACCESS_TOKEN: "t0ken" });
      expect(code, err).to.equal(0);
      expect(seen?.path).to.equal("/api/site/points");
      expect(seen?.headers.authorization).to.equal("Bearer t0ken");
      const [points, undeclared] = out.split("\nPoints the rules use that the site does not declare:\n");
      expect(tableRows(points!.split(/\n(?=\d+ points)/)[0]!)).to.deep.equal([
        { POINT: "ahu1.cooling_stage", REF: "action(7, 1)", UNIT: "-", RANGE: "0..2", "READ BY": "AHU-1 cooling stages", "WRITTEN BY": "2 WRITERS: AHU-1 cooling stages (priority 20), Walkthrough (priority 0)" },
        { POINT: '"Weather station".outdoor_temp', REF: "measurement(5, 1)", UNIT: "degC", RANGE: "..50", "READ BY": "-", "WRITTEN BY": "-" },
      ]);
      expect(out).to.contain("2 points; 1 written by more than one rule\n");
      expect(tableRows(undeclared!)).to.deep.equal([{ REF: "action(13, 9)", "READ BY": "-", "WRITTEN BY": "Old rule" }]);
      const json = await run(["points", "--json"], { SVC_BASE_URL: url, SVC_ACCESS_TOKEN: "t0ken" });
      expect(JSON.parse(json.out)).to.deep.equal(data);
    });

    it("issue 17.3: svc points without a token sends nothing (exit 3); an answer that is not the site points is a service failure (exit 4)", async () => {
      seen = undefined;
      expect((await run(["points"], { SVC_BASE_URL: url })).code).to.equal(3);
      expect(seen).to.equal(undefined);
      answer = { success: true, data: { points: [{ instance: "7" }] } };
      const wrong = await run(["points"], { SVC_BASE_URL: url, SVC_ACCESS_TOKEN: "t0ken" });
      expect(wrong.code).to.equal(4);
      expect(wrong.err).to.contain("/points/0/instance is string, not number");
    });
  });
});
