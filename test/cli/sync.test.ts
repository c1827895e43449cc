// `svc sync` as a child process against the real service (issue 8 items 2 and 5; svc import:
// import.test.ts): the plan, refusals before any request, idempotence, prune, enable, compile errors,
// duplicate names on the service, and (issue 19.1) the plan sent as one batch: all or nothing.
// The its of a describe share one service and run in order: each starts from the state the one
// before left (said in its name where it matters).
import { expect } from "chai";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApiClient, type ApiClient } from "../../cli/api/api-client.js";
import { fileNameOf } from "../../cli/rule-names.js";
import { compileWithSites } from "../../cli/compile-with-sites.js";
import { collectSourceFiles, type CompiledOutput } from "../../cli/source-files.js";
import { decompileFlow } from "../../compiler/decompiler/index.js";
import { isIsomorphic } from "../../compiler/topology/canonical-topology.js";
import type { NodesTopology, Rule } from "../../generated/types.js";
import { openStore } from "../../runtime/store/open-store.js";
import type { Store } from "../../runtime/store/store.js";
import { closedPort, runCli, startCliService, type CliRun, type CliService } from "../helpers/cli-service.js";
import { fromRoot } from "../helpers/paths.js";

const DEMO = "examples/packs/demo";
const confirmed = { confirmed: true } as const;

/** The rules of the demo pack's rule files as the local compiler makes them. */
async function demoRules(): Promise<CompiledOutput[]> {
  const files = (await collectSourceFiles([DEMO], fromRoot())).filter((f) => f.kind === "dsl" || f.kind === "yaml");
  return (await compileWithSites(files, fromRoot(), { kind: "find" })).results.flatMap((r) => r.outputs);
}

function clientOf(service: CliService, token: string): ApiClient {
  return createApiClient({ baseUrl: service.url, token, timeoutMs: 10_000 });
}

/** Every rule of the service in full, by name. */
async function rulesByName(client: ApiClient): Promise<Map<string, Rule>> {
  const rules = await Promise.all((await client.listRules()).map((s) => client.getRule(s.id)));
  return new Map(rules.map((r) => [r.name, r]));
}

/** A copy of the demo pack in a temporary folder, to edit. */
function copyOfDemo(): string {
  const dir = mkdtempSync(join(tmpdir(), "svc-sync-pack-"));
  cpSync(fromRoot(DEMO), dir, { recursive: true });
  return dir;
}

function edit(file: string, from: string, to: string): void {
  const text = readFileSync(file, "utf8");
  expect(text, file).to.contain(from);
  writeFileSync(file, text.replace(from, to));
}


const linesOf = (run: CliRun, action: string): string[] => run.out.split("\n").filter((line) => line.startsWith(`${action} `));

describe("svc sync of the demo pack (issue 8 item 2)", function () {
  this.timeout(60_000);
  let service: CliService;
  let env: Record<string, string>;
  let admin: ApiClient;
  let expected: CompiledOutput[];
  const temporary: string[] = [];
  const sync = (...args: string[]): Promise<CliRun> => runCli(["sync", ...args], { env });
  const tempPack = (): string => {
    const dir = copyOfDemo();
    temporary.push(dir);
    return dir;
  };

  before(async () => {
    service = await startCliService();
    env = await service.env("Engineer");
    admin = clientOf(service, await service.token("Admin"));
    expected = await demoRules();
    expect(expected.length, "the demo pack has rules").to.be.greaterThan(5);
  });
  after(async () => {
    await service.stop();
    for (const dir of temporary) rmSync(dir, { recursive: true, force: true });
  });

  it("--dry-run on an empty service lists one create per rule of the pack's rule files and writes nothing", async () => {
    const run = await sync(DEMO, "--dry-run");
    expect(run.code, run.err).to.equal(0);
    expect(linesOf(run, "create")).to.have.length(expected.length);
    for (const rule of expected) expect(run.out).to.contain(`create    ${JSON.stringify(rule.metadata!.name)}  (${DEMO}/rules/`);
    expect(run.out).to.match(new RegExp(`dry run, nothing written: ${expected.length} to create, 0 to update, 0 unchanged, 0 to delete`));
    expect(run.out).to.contain("created rules are disabled; --enable enables them");
    // Editor documents have no name: one note each; data-processing files: not mentioned.
    expect(run.err).to.contain(`${DEMO}/flows/minimal.flow.json: skipped: an editor document has no rule name; sync manages rule files`);
    expect(run.err).not.to.contain("tasks/");
    expect(await admin.listRules()).to.deep.equal([]);
  });

  it("--dry-run --json: one object with the planned actions, nothing applied", async () => {
    const run = await sync(DEMO, "--dry-run", "--json");
    expect(run.code, run.err).to.equal(0);
    const report = JSON.parse(run.out) as { dry_run: boolean; actions: Array<Record<string, unknown>>; applied: unknown[]; not_applied: unknown[]; reload: unknown };
    expect(report.dry_run).to.equal(true);
    expect(report.actions).to.have.length(expected.length);
    expect(report.actions[0]).to.deep.equal({ action: "create", id: null, name: "AHU-1 alarms", file: `${DEMO}/rules/ahu1-alarms.rule` });
    expect(report.applied).to.deep.equal([]);
    expect(report.not_applied).to.have.length(expected.length);
    expect(report.reload).to.equal(null);
  });

  it("refuses without --confirmed before any request (exit 3), and nothing is created", async () => {
    const run = await sync(DEMO);
    expect(run.code).to.equal(3);
    expect(run.err).to.contain("needs --confirmed; nothing was sent");
    expect(await admin.listRules()).to.deep.equal([]);
  });

  it("refuses without a token (exit 3), before any request", async () => {
    const run = await runCli(["sync", DEMO, "--confirmed"], { env: await service.env(null) });
    expect(run.code).to.equal(3);
    expect(run.err).to.contain("SVC_ACCESS_TOKEN is not set");
    expect(await admin.listRules()).to.deep.equal([]);
  });

  it("with a Viewer token the service refuses the batch: permission-denied with its correlation id (exit 3), nothing applied", async () => {
    const run = await runCli(["sync", DEMO, "--confirmed"], { env: await service.env("Viewer") });
    expect(run.code, run.out + run.err).to.equal(3);
    expect(run.err).to.match(/403 permission-denied/);
    expect(run.err).to.match(/correlation id: [0-9a-f-]{36}/);
    expect(run.out).to.contain("the service refused the batch: nothing was applied (svc sync sends every write in one transaction)");
    expect(run.out).to.contain(`not applied (${expected.length}):`);
    expect(await admin.listRules()).to.deep.equal([]);
  });

  it("--confirmed creates every rule of the pack, disabled, with the flow the local compiler makes, and reloads the scheduler once", async () => {
    const run = await sync(DEMO, "--confirmed");
    expect(run.code, run.err).to.equal(0);
    expect(linesOf(run, "create")).to.have.length(expected.length);
    expect(run.out).to.match(new RegExp(`^${expected.length} created, 0 updated, 0 unchanged, 0 deleted; scheduler reloaded: \\d+ rules loaded, 0 enabled$`, "m"));
    const stored = await rulesByName(admin);
    expect(stored.size).to.equal(expected.length);
    for (const rule of expected) {
      const held = stored.get(rule.metadata!.name)!;
      expect(held.enabled, held.name).to.equal(false);
      expect(isIsomorphic(rule.nodes_json, held.nodes_json as NodesTopology), held.name).to.equal(true);
      expect(held.flow_json, held.name).to.deep.equal(rule.flow_json);
      expect({ ...rule.metadata, description: held.description, trigger_config: held.trigger_config }, held.name).to.deep.equal(rule.metadata);
    }
  });

  it("is idempotent: a second run writes nothing (no rule's updated_at moves) and says so, exit 0", async () => {
    const before = await rulesByName(admin);
    const run = await sync(DEMO, "--confirmed");
    expect(run.code, run.err).to.equal(0);
    expect(linesOf(run, "unchanged")).to.have.length(expected.length);
    expect(run.out).to.contain(`the service already matches ${DEMO}: nothing to do`);
    expect(run.out).not.to.contain("scheduler reloaded");
    expect(await rulesByName(admin)).to.deep.equal(before);
  });

  it("a changed threshold in a copy of the pack plans exactly one update, of the flow, and applies it", async () => {
    const pack = tempPack();
    edit(join(pack, "rules/ahu1-freeze-protection.rule"), "param limit = 5", "param limit = 6");
    const id = (await rulesByName(admin)).get("AHU-1 freeze protection")!.id;
    const planned = await sync(pack, "--dry-run");
    expect(planned.code, planned.err).to.equal(0);
    expect(linesOf(planned, "update")).to.deep.equal([`update    #${id} "AHU-1 freeze protection"  (flow)`]);
    expect(linesOf(planned, "unchanged")).to.have.length(expected.length - 1);
    const run = await sync(pack, "--confirmed");
    expect(run.code, run.err).to.equal(0);
    expect(run.out).to.contain("0 created, 1 updated");
    expect(JSON.stringify((await admin.getRule(id)).flow_json)).to.contain("6");
    // Back to the pack as it is in git, for the tests after this one.
    expect((await sync(DEMO, "--confirmed")).out).to.contain("0 created, 1 updated");
  });

  it("a rule created by hand is kept and listed without --prune, and deleted with it", async () => {
    const { id } = await admin.createRule({ name: "Made by hand", description: "not in the pack" }, confirmed);
    const kept = await sync(DEMO, "--confirmed");
    expect(kept.code, kept.err).to.equal(0);
    expect(kept.out).to.contain(`kept      #${id} "Made by hand"  (not in the pack, kept; --prune deletes it)`);
    expect(kept.out).to.contain("nothing to do");
    expect((await admin.listRules()).map((r) => r.id)).to.include(id);
    const pruned = await sync(DEMO, "--confirmed", "--prune");
    expect(pruned.code, pruned.err).to.equal(0);
    expect(linesOf(pruned, "delete")).to.deep.equal([`delete    #${id} "Made by hand"`]);
    expect(pruned.out).to.contain(`0 created, 0 updated, ${expected.length} unchanged, 1 deleted; scheduler reloaded`);
    expect((await admin.listRules()).map((r) => r.id)).not.to.include(id);
  });

  it("--enable enables every rule of the pack; run again, nothing to do", async () => {
    const run = await sync(DEMO, "--confirmed", "--enable");
    expect(run.code, run.err).to.equal(0);
    expect(linesOf(run, "enable")).to.have.length(expected.length);
    expect(run.out).to.match(new RegExp(`${expected.length} enabled; scheduler reloaded: ${expected.length} rules loaded, ${expected.length} enabled`));
    expect((await admin.listRules()).every((r) => r.enabled)).to.equal(true);
    expect((await sync(DEMO, "--confirmed", "--enable")).out).to.contain("nothing to do");
  });

  it("a pack decompiled from the service's rules (other node ids and positions) syncs as nothing to do: export then sync", async () => {
    const dir = mkdtempSync(join(tmpdir(), "svc-sync-export-"));
    temporary.push(dir);
    for (const rule of (await rulesByName(admin)).values()) {
      const { name, description, priority, cooldown_ms, trigger_config } = rule;
      const decompiled = decompileFlow(rule.flow_json, { name, description, priority, cooldown_ms, trigger_config });
      if (!decompiled.ok) throw new Error(`${name}: ${JSON.stringify(decompiled.diagnostics)}`);
      writeFileSync(join(dir, `${fileNameOf(name)}.rule`), decompiled.text);
    }
    const run = await sync(dir, "--confirmed");
    expect(run.code, run.err).to.equal(0);
    expect(linesOf(run, "unchanged")).to.have.length(expected.length);
    expect(run.out).to.contain("nothing to do");
  });

  it("a compile error stops everything before a request: file:line:col, exit 1, the service unchanged (offline too)", async () => {
    const pack = tempPack();
    edit(join(pack, "rules/ahu1-freeze-protection.rule"), "when mixed_air < limit", "when mixed_air < limt");
    const before = await rulesByName(admin);
    const run = await sync(pack, "--confirmed", "--prune");
    expect(run.code).to.equal(1);
    expect(run.err).to.match(new RegExp(`${pack}/rules/ahu1-freeze-protection\\.rule:\\d+:\\d+: error`));
    expect(run.err).to.contain("failed to compile; nothing was sent");
    expect(await rulesByName(admin)).to.deep.equal(before);
    // No token and nothing listening: the same answer, so no request was needed to give it.
    const offline = await runCli(["sync", pack, "--confirmed"], { env: { SVC_BASE_URL: `http://127.0.0.1:${await closedPort()}` } });
    expect(offline.code).to.equal(1);
    expect(offline.err).to.match(/ahu1-freeze-protection\.rule:\d+:\d+: error/);
  });

  it("one rule name in two files is an error of the second file (exit 1), nothing sent", async () => {
    const pack = tempPack();
    writeFileSync(join(pack, "rules/copy.rule"), readFileSync(join(pack, "rules/boiler-enable.rule"), "utf8"));
    const run = await sync(pack, "--confirmed");
    expect(run.code).to.equal(1);
    expect(run.err).to.contain('rule/duplicate-rule-name: a rule named "Boiler enable" is also defined in');
  });

  it("issue 16.20: a second rule of a name a file defines cannot be made on the service (409 naming the first), so sync still runs", async () => {
    // Before names were unique, this left two "Boiler enable" rules and sync refused the whole pack
    // (the plan's own guard stays: sync-plan.test.ts).
    const first = (await rulesByName(admin)).get("Boiler enable")!.id;
    const before = await rulesByName(admin);
    const refused = await admin.createRule({ name: "Boiler enable", description: "a second one" }, confirmed).then(() => undefined, (e: unknown) => e);
    expect(refused).to.include({ status: 409, code: "duplicate-name" });
    expect((refused as { details: { existing_rule_id: number } }).details.existing_rule_id).to.equal(first);
    expect((await admin.listRules()).length).to.equal(before.size);
    const run = await sync(DEMO, "--confirmed", "--prune");
    expect(run.code, run.err).to.equal(0);
  });

  it("usage: PACK must be a folder (a file points to svc import), exactly one, existing", async () => {
    const file = await sync(`${DEMO}/rules/boiler-enable.rule`, "--confirmed");
    expect(file.code).to.equal(2);
    expect(file.err).to.contain(`use svc import ${DEMO}/rules/boiler-enable.rule`);
    expect((await sync("--confirmed")).code).to.equal(2);
    expect((await sync("no/such/folder", "--confirmed")).err).to.contain("no such folder");
  });
});

describe("svc sync sends its plan as one batch (issue 19.1)", function () {
  this.timeout(120_000);
  const COUNT = 500;
  // Over this batch body limit the service refuses the whole batch (413) before reading it.
  const BATCH_LIMIT = 1_048_576;
  let service: CliService;
  let env: Record<string, string>;
  let admin: ApiClient;
  let store: Store;
  let pack: string;
  const rule = (k: number, point = "measurement(5, 1)") =>
    `rule "R ${String(k).padStart(3, "0")}" {\n  trigger every 10s\n  input t = ${point}\n  when t > ${k} { write action(7, 2) = 1 }\n}\n`;
  const auditActions = async () => {
    const actions: string[] = [];
    for (let after: number | undefined; ; ) {
      const page = await store.audit.list({ tenantId: "default", projectId: "default", limit: 500, ...(after === undefined ? {} : { after }) });
      actions.push(...page.items.map((e) => `${e.action}:${e.outcome}`));
      if (page.nextCursor === null) return actions;
      after = Number(page.nextCursor);
    }
  };

  before(async () => {
    service = await startCliService({ SVC_BATCH_BODY_LIMIT_BYTES: String(BATCH_LIMIT) });
    env = await service.env("Engineer");
    admin = clientOf(service, await service.token("Admin"));
    store = await openStore(`sqlite:${join(service.dir, "svc.sqlite")}`);
    pack = mkdtempSync(join(tmpdir(), "svc-sync-batch-"));
    for (let k = 0; k < COUNT; k++) writeFileSync(join(pack, `r${String(k).padStart(3, "0")}.rule`), rule(k));
  });
  after(async () => {
    await store.close();
    await service.stop();
    rmSync(pack, { recursive: true, force: true });
  });

  it("issue 19.1: a batch the service refuses (a body over SVC_BATCH_BODY_LIMIT_BYTES: 413) changes nothing: every write not applied, no stub, exit 3", async () => {
    const big = mkdtempSync(join(tmpdir(), "svc-sync-big-"));
    try {
      // Eight flows of 300 branches, about 150 KB each as JSON: together over the batch limit (1 MiB).
      const whens = Array.from({ length: 300 }, (_, i) => `  when t > ${i} { write action(7, 2) = ${i} }`).join("\n");
      for (const name of ["A", "B", "C", "D", "E", "F", "G", "H"]) writeFileSync(join(big, `${name}.rule`), `rule "${name}" {\n  trigger every 10s\n  input t = measurement(5, 1)\n${whens}\n}\n`);
      const run = await runCli(["sync", big, "--confirmed"], { env });
      expect(run.code, run.out + run.err).to.equal(3);
      expect(run.err).to.match(/413 payload-too-large/);
      expect(run.err).to.match(/correlation id: [0-9a-f-]{36}/);
      expect(run.out).to.contain("the service refused the batch: nothing was applied (svc sync sends every write in one transaction)");
      expect(run.out).to.contain(`not applied (8):\n  create    "A"  (${big}/A.rule)\n  create    "B"  (${big}/B.rule)\n`);
      expect(run.out).to.not.contain("stub");
      expect(await admin.listRules()).to.deep.equal([]);
      const json = await runCli(["sync", big, "--confirmed", "--json"], { env });
      const report = JSON.parse(json.out) as { applied: unknown[]; not_applied: Array<{ name: string; error?: { status: number; code: string } }>; reload: unknown };
      expect(report.applied).to.deep.equal([]);
      expect(report.not_applied.map((s) => s.name)).to.deep.equal(["A", "B", "C", "D", "E", "F", "G", "H"]);
      expect(report.not_applied[0]!.error).to.include({ status: 413, code: "payload-too-large" });
      expect(report.reload).to.equal(null);
    } finally {
      rmSync(big, { recursive: true, force: true });
    }
  });

  it("issue 19.1: a sync of 500 rules whose rule 250 the service's site refuses stores nothing and writes no rule's audit record: the problem at that file, exit 1", async () => {
    const refused = join(pack, "r250.rule");
    writeFileSync(refused, rule(250, "measurement(99, 1)"));
    try {
      const before = await auditActions();
      const run = await runCli(["sync", pack, "--confirmed"], { env });
      expect(run.code, run.out + run.err).to.equal(1);
      expect(run.err).to.match(new RegExp(`${refused}:3:\\d+: error point/unknown-instance: .*the service's site refuses rule "R 250"`));
      expect(run.err).to.contain("svc sync: the service's site refuses 1 rule of 1 file (checked by POST /api/rules/batch, which stores all or nothing); nothing was changed");
      expect(await admin.listRules()).to.deep.equal([]);
      expect((await auditActions()).slice(before.length)).to.deep.equal(["rule.batch:invalid"]);
    } finally {
      writeFileSync(refused, rule(250));
    }
  });

  it("issue 19.1: a sync of 500 rules is one request: 500 rules created, one rule.create record each, one reload; run again, nothing to do", async () => {
    const before = await auditActions();
    const run = await runCli(["sync", pack, "--confirmed", "--enable", "--json"], { env, timeoutMs: 60_000 });
    expect(run.code, run.err).to.equal(0);
    const report = JSON.parse(run.out) as { applied: Array<{ action: string; id: number | null }>; not_applied: unknown[]; reload: { enabled: number } };
    expect(report.applied.filter((s) => s.action === "create")).to.have.length(COUNT);
    expect(report.applied.filter((s) => s.action === "enable")).to.have.length(COUNT);
    expect(report.applied.every((s) => typeof s.id === "number")).to.equal(true);
    expect(report.not_applied).to.deep.equal([]);
    expect(report.reload.enabled).to.equal(COUNT);
    const rules = await admin.listRules();
    expect(rules).to.have.length(COUNT);
    expect(rules.every((r) => r.enabled)).to.equal(true);
    // One batch: each rule's create and its enable, nothing else (no stub, no PUT, no separate reload).
    const added = (await auditActions()).slice(before.length);
    expect(added.filter((a) => a === "rule.create:allowed")).to.have.length(COUNT);
    expect(added.filter((a) => a === "rule.enable:allowed")).to.have.length(COUNT);
    expect(added).to.have.length(2 * COUNT);
    const again = await runCli(["sync", pack, "--confirmed", "--enable"], { env, timeoutMs: 60_000 });
    expect(again.code, again.err).to.equal(0);
    expect(again.out).to.contain("nothing to do");
  });
});

describe("svc sync with the service unreachable", () => {
  it("exits 4 (the service failed) and says where it looked", async function () {
    this.timeout(30_000);
    const url = `http://127.0.0.1:${await closedPort()}`;
    const run = await runCli(["sync", DEMO, "--dry-run"], { env: { SVC_BASE_URL: url, SVC_ACCESS_TOKEN: "any" } });
    expect(run.code).to.equal(4);
    expect(run.err).to.contain(`cannot reach the service at ${url}`);
  });
});
