// `svc rules why RULE` (issue 18.4): the real binary against the real service in this process.
// The rule is disabled and watches a point nothing sets (zone1.lights_status), so the service
// records nothing of its own for it (once it has its trigger); the test writes the decision records and one execution
// record into the service's store, and the command must read them back as sentences.
import { expect } from "chai";
import { join } from "node:path";
import { compileRuleSource } from "../../compiler/index.js";
import { recordText, duration } from "../../cli/rules/why-text.js";
import type { DecisionRecord } from "../../generated/types.js";
import knex from "knex";
import { openStore } from "../../runtime/store/open-store.js";
import { sqliteKnexConfig } from "../../runtime/store/sqlite-client.js";
import type { DecisionWrite, Store } from "../../runtime/store/store.js";
import { runCli, startCliService, type CliService } from "../helpers/cli-service.js";

const at = (time: string) => Date.parse(`2026-11-21T${time}Z`);
const ROOM = { instance: 12, point_type: "measurement" as const, point: 3 };

describe("svc rules why (issue 18.4)", function () {
  this.timeout(60_000);
  let svc: CliService;
  let env: Record<string, string>;
  let store: Store;
  let id: number;
  before(async () => {
    svc = await startCliService();
    env = await svc.env("Viewer");
    const engineer = await svc.token("Engineer");
    const send = async (method: string, path: string, body: unknown) => {
      const answer = await fetch(`${svc.url}${path}`, { method, headers: { authorization: `Bearer ${engineer}`, "content-type": "application/json" }, body: JSON.stringify(body), signal: AbortSignal.timeout(5000) });
      return ((await answer.json()) as { data: { id: number } }).data;
    };
    const compiled = compileRuleSource('rule "r" {\n  trigger on_change(measurement(12, 9))\n  cooldown 5m\n  write action(12, 1) = 1\n}').rules[0]!;
    id = (await send("POST", "/api/rules", { name: "Zone 1 cooling", confirmed: true })).id;
    await send("PUT", `/api/rules/${id}`, { flow_json: compiled.flow_json, trigger_config: compiled.trigger_config, cooldown_ms: compiled.cooldown_ms, confirmed: true });
    store = await openStore(`sqlite:${join(svc.dir, "svc.sqlite")}`);
    // The stub (disabled, every second) may have been held once before the PUT gave it its
    // trigger: the read writes that record, and it is removed, so that only the test's remain.
    await fetch(`${svc.url}/api/rules/${id}/decisions`, { headers: { authorization: `Bearer ${engineer}` }, signal: AbortSignal.timeout(5000) });
    const db = knex(sqliteKnexConfig(join(svc.dir, "svc.sqlite")));
    await db("rule_decisions").where({ rule_id: id }).delete();
    await db.destroy();
    const record = (overrides: Partial<DecisionWrite>): DecisionWrite => ({ rule_id: id, kind: "cooldown", count: 1, first_at: 0, last_at: 0, point: null, point_name: null, value: null, context: null, ...overrides });
    await store.decisions.write(
      [
        record({ kind: "disabled", count: 12, first_at: at("09:00:00"), last_at: at("09:11:00"), context: { interval_ms: 60_000 } }),
        record({ kind: "deadband_value", count: 1, first_at: at("09:59:00"), last_at: at("09:59:00"), point: ROOM, point_name: "zone1.room_temp", value: 23.1, context: { value_deadband: { absolute: 0.2 } } }),
        record({ count: 37, first_at: at("10:00:01"), last_at: at("10:04:59"), point: ROOM, point_name: "zone1.room_temp", value: 23.4, context: { cooldown_ms: 300_000, acted_at: "2026-11-21T09:59:58.000Z" } }),
      ],
      500,
    );
    await store.history.append({ rule_id: id, started_at: "2026-11-21T09:59:58.000Z", finished_at: "2026-11-21T09:59:58.004Z", trigger: "on_change", success: true, result: { success: true, actions: [], path: [], matched: [], variables: {}, nodes: [], short_circuit: null }, error: null });
  });
  after(async () => {
    await store.close();
    await svc.stop();
  });

  it("issue 18.4: prints the enabled state, the last execution and each record newest first as a sentence", async () => {
    const run = await runCli(["rules", "why", String(id)], { env });
    expect(run.code, run.err).to.equal(0);
    expect(run.out).to.equal(
      [
        `rule #${id} "Zone 1 cooling": disabled (it never runs; its triggers are recorded as 'disabled')`,
        "last execution: 2026-11-21 09:59:58 UTC (on_change), succeeded",
        "why it did not run, newest first (times UTC):",
        "  held by the cooldown 37 times, 2026-11-21 10:00:01 - 10:04:59 (cooldown 5m after the action at 09:59:58); the last a change of zone1.room_temp to 23.4",
        "  a change of zone1.room_temp to 23.1 within the value deadband 0.2, at 2026-11-21 09:59:00",
        "  due 12 times while the rule was disabled, 2026-11-21 09:00:00 - 09:11:00 (every 1m)",
        "",
      ].join("\n"),
    );
  });

  it("issue 18.4: --limit pages the records and says how to go on; the rule may be named; --json has the rule, its last execution and the page", async () => {
    const first = await runCli(["rules", "why", "Zone 1 cooling", "--limit", "1"], { env });
    expect(first.code, first.err).to.equal(0);
    const more = /more: svc rules why (\d+) --before (\d+)\n$/.exec(first.out);
    expect(more, first.out).to.not.equal(null);
    expect(first.out).to.contain("held by the cooldown 37 times");
    const second = await runCli(["rules", "why", String(id), "--limit", "1", "--before", more![2]!], { env });
    expect(second.out).to.contain("within the value deadband 0.2").and.not.contain("cooldown 37");
    const json = await runCli(["rules", "why", String(id), "--json", "--limit", "2"], { env });
    expect(json.code, json.err).to.equal(0);
    const answer = JSON.parse(json.out) as { rule: unknown; last_execution: { trigger: string }; decisions: { items: DecisionRecord[]; next_before_id: number } };
    expect(answer.rule).to.deep.equal({ id, name: "Zone 1 cooling", enabled: false });
    expect(answer.last_execution.trigger).to.equal("on_change");
    expect(answer.decisions.items.map((r) => [r.kind, r.count])).to.deep.equal([["cooldown", 37], ["deadband_value", 1]]);
    expect(answer.decisions.next_before_id).to.equal(answer.decisions.items[1]!.id);
  });

  it("issue 18.4: an unknown rule is refused (exit 3) and a bad --limit is a usage error (exit 2)", async () => {
    const unknown = await runCli(["rules", "why", "999999"], { env });
    expect(unknown.code).to.equal(3);
    expect(unknown.err).to.contain("not-found");
    const bad = await runCli(["rules", "why", String(id), "--limit", "0"], { env });
    expect(bad.code).to.equal(2);
    expect(bad.err).to.contain("--limit must be a whole number from 1 to 500");
  });
});

describe("svc rules why: the sentences (issue 18.4)", () => {
  const base: DecisionRecord = { id: 1, rule_id: 1, kind: "cooldown", count: 1, first_at: "2026-11-21T10:00:01.000Z", last_at: "2026-11-21T10:00:01.000Z", point: null, point_name: null, value: null, context: null };

  it("issue 18: values read as `svc rules show` prints them (six significant digits), not unrounded", () => {
    const room = { point: ROOM, point_name: "zone1.room_temp", value: 24.79204541986361 };
    expect(recordText({ ...base, kind: "disabled", count: 2, ...room })).to.equal("2 changes of zone1.room_temp while the rule was disabled, at 2026-11-21 10:00:01; the last to 24.792");
    expect(recordText({ ...base, kind: "deadband_time", ...room, value: 0.1 + 0.2 })).to.match(/a change of zone1\.room_temp to 0\.3$/);
  });

  it("issue 18.4: each kind reads as a sentence", () => {
    const room = { point: ROOM, point_name: "zone1.room_temp", value: 23.1 };
    expect(recordText({ ...base, kind: "deadband_time", count: 3, last_at: "2026-11-22T00:00:01.500Z", ...room, context: { time_deadband_ms: 5000 } })).to.equal(
      "held by the time deadband 3 times, 2026-11-21 10:00:01 - 2026-11-22 00:00:01.500 (time deadband 5s after the last trigger); the last a change of zone1.room_temp to 23.1",
    );
    expect(recordText({ ...base, kind: "deadband_value", count: 4, ...room, context: { value_deadband: { percent: 2 } } })).to.equal(
      "4 changes of zone1.room_temp within the value deadband 2%, at 2026-11-21 10:00:01; the last to 23.1",
    );
    expect(recordText({ ...base, kind: "disabled", count: 2, ...room })).to.equal("2 changes of zone1.room_temp while the rule was disabled, at 2026-11-21 10:00:01; the last to 23.1");
    expect(recordText({ ...base, kind: "input_unavailable", count: 5, ...room, value: null })).to.equal("stopped 5 times at an unavailable input zone1.room_temp, at 2026-11-21 10:00:01");
    expect(recordText({ ...base, kind: "running" })).to.equal("triggered once while it was still running or waiting to run, at 2026-11-21 10:00:01");
    expect(recordText({ ...base, kind: "event_dropped", ...room, point_name: null })).to.equal(
      "an event of measurement(12, 3) dropped by the full event channel, at 2026-11-21 10:00:01 (the next tick saw the change)",
    );
    expect(recordText({ ...base, context: { cooldown_ms: 90_000 } })).to.equal("held by the cooldown once, at 2026-11-21 10:00:01 (cooldown 1m30s)");
    expect([500, 1500, 3_600_000, 5_400_000].map(duration)).to.deep.equal(["500ms", "1.5s", "1h", "1h30m"]);
  });
});
