// `svc rules validate FILE` and the PROBLEMS column of `svc rules list` (issue 17 item 4), as a
// user runs them: the real binary against the real service on the demo pack's site.
import { expect } from "chai";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compileRuleSource } from "../../compiler/index.js";
import { runCli, startCliService, type CliService } from "../helpers/cli-service.js";

const BOILER = "examples/packs/demo/rules/boiler-enable.rule";

describe("svc rules validate and the problems of svc rules list (issue 17.4)", function () {
  this.timeout(60_000);
  let svc: CliService;
  let viewer: Record<string, string>;
  let dir: string;
  before(async () => {
    svc = await startCliService();
    viewer = await svc.env("Viewer");
    dir = mkdtempSync(join(tmpdir(), "svc-rules-validate-"));
  });
  after(async () => {
    await svc.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  const file = (name: string, text: string): string => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  it("issue 17.4: a demo rule file is valid against the service's site: exit 0, nothing stored", async () => {
    const run = await runCli(["rules", "validate", BOILER], { env: viewer });
    expect(run.code, run.err).to.equal(0);
    expect(run.err).to.contain(`${BOILER}: valid against the service's site (1 rule)`);
    const list = await runCli(["rules", "list", "--json"], { env: viewer });
    expect(JSON.parse(list.out)).to.deep.equal([]);
  });

  it("issue 17.4: a file with an error prints it at file:line:col as svc compile does, exit 1; --json gives the API's answer", async () => {
    const path = file("slip.rule", 'rule "slip" {\n  trigger every 1s\n  write action(7, 2) = (1 +\n}\n');
    const run = await runCli(["rules", "validate", path], { env: viewer });
    expect(run.code).to.equal(1);
    expect(run.err).to.match(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}:4:1: error dsl/`));
    expect(run.err).to.contain("1 error against the service's site; nothing was stored");
    const json = await runCli(["rules", "validate", path, "--json"], { env: viewer });
    expect(json.code).to.equal(1);
    expect(JSON.parse(json.out)).to.include({ valid: false });
  });

  it("issue 17.4: a rule writing a point the site does not declare: point/unknown-instance at its line, exit 1", async () => {
    const path = file("stale.rule", 'rule "stale" {\n  trigger every 1s\n  write action(99, 9) = 1\n}\n');
    const run = await runCli(["rules", "validate", path], { env: viewer });
    expect(run.code).to.equal(1);
    expect(run.err).to.match(/:3:\d+: error point\/unknown-instance/);
  });

  it("issue 17.4: an editor document that is not JSON is refused here at its line and column; nothing is sent", async () => {
    const path = file("broken.flow.json", '{\n  "nodes": [\n}\n');
    const run = await runCli(["rules", "validate", path], { env: await svc.env(null) });
    expect(run.code).to.equal(1);
    expect(run.err).to.match(/broken\.flow\.json:3:1: error json\//);
  });

  it("issue 17.4: svc rules list shows a PROBLEMS column when the last reload found problems", async () => {
    const engineer = await svc.token("Engineer");
    const call = async (method: string, path: string, body: unknown) =>
      (await (await fetch(`${svc.url}${path}`, { method, headers: { authorization: `Bearer ${engineer}`, "content-type": "application/json" }, body: JSON.stringify(body) })).json()) as { data: { id: number } };
    const id = (await call("POST", "/api/rules", { name: "loops", confirmed: true })).data.id;
    const rule = compileRuleSource('rule "loops" {\n  trigger on_change(action(7, 2))\n  write action(7, 2) = 10\n}').rules[0]!;
    await call("PUT", `/api/rules/${id}`, { flow_json: rule.flow_json, trigger_config: rule.trigger_config, confirmed: true });
    const run = await runCli(["rules", "list"], { env: viewer });
    expect(run.code, run.err).to.equal(0);
    expect(run.out.split("\n")[0]).to.match(/^ID\s+NAME\s+ENABLED\s+PROBLEMS\s+DESCRIPTION$/);
    expect(run.out).to.match(new RegExp(`^${id}\\s+loops\\s+no\\s+1 warning`, "m"));
  });
});
