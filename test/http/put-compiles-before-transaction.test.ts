// Issue 19.5 (PUT throughput): a PUT that brings a flow compiles it before its transaction, so
// the compile's CPU time does not hold the store's write lock; inside, no rule is read: the UPDATE
// itself changes the rule only if its trigger is still the one the flow was compiled with (the one
// this service saw it commit with, else read before). What clients rely on stays:
// the warnings follow the trigger the rule has when the change commits, a missing rule is 404
// before any flow check, and nothing is stored for a flow with errors.
import { expect } from "chai";
import type { Diagnostic, TriggerConfig } from "../../generated/types.js";
import { T0 } from "../store/fixtures.js";
import type { Store } from "../../runtime/store/store.js";
import { startHttpFixture, type HttpFixture } from "./http-fixture.js";
import { VALVE_RULE, brokenFlow, flowOf } from "./rule-flows.js";

/** Logs the rule reads made inside transactions, and outside (`outer getTrigger`); runs `afterOuterTriggerRead` once after a trigger read outside one. */
function spyingStore(store: Store, log: string[], hooks: { afterOuterTriggerRead?: (() => Promise<void>) | undefined }): Store {
  return {
    ...store,
    rules: {
      ...store.rules,
      async getTrigger(id) {
        log.push("outer getTrigger");
        const read = await store.rules.getTrigger(id);
        const hook = hooks.afterOuterTriggerRead;
        hooks.afterOuterTriggerRead = undefined;
        await hook?.();
        return read;
      },
    },
    transaction: (fn) =>
      store.transaction((tx) =>
        fn({
          ...tx,
          rules: {
            ...tx.rules,
            get: (id) => (log.push("get"), tx.rules.get(id)),
            getTrigger: (id) => (log.push("getTrigger"), tx.rules.getTrigger(id)),
          },
        }),
      ),
    close: () => store.close(),
  };
}

describe("issue 19.5: PUT compiles a new flow before its transaction", () => {
  let f: HttpFixture;
  let engineer: string;
  let real: Store;
  const log: string[] = [];
  const hooks: { afterOuterTriggerRead?: (() => Promise<void>) | undefined } = {};
  beforeEach(async () => {
    log.length = 0;
    hooks.afterOuterTriggerRead = undefined;
    f = await startHttpFixture({ wrapStore: (store) => ((real = store), spyingStore(store, log, hooks)) });
    engineer = await f.token("Engineer");
  });
  afterEach(() => f.close());

  const create = async (): Promise<number> => (await f.request("POST", "/api/rules", { token: engineer, body: { name: "r", confirmed: true } })).json.data.id as number;
  const put = (id: number, body: Record<string, unknown>) => f.request("PUT", `/api/rules/${id}`, { token: engineer, body: { ...body, confirmed: true } });

  it("issue 19.5: a PUT with a flow reads no rule inside its transaction, and none outside once the service saw the rule's trigger", async () => {
    const id = await create();
    expect((await put(id, { ...VALVE_RULE })).status).to.equal(200);
    log.length = 0;
    const reply = await put(id, { flow_json: VALVE_RULE.flow_json });
    expect(reply.status, reply.text).to.equal(200);
    expect(log).to.deep.equal([]);
    expect((await real.rules.get(id))?.flow_json).to.deep.equal(reply.json.data.flow_json);
  });

  // The flow writes action(7, 2); an on_change trigger on that point makes it re-trigger itself.
  const watching: TriggerConfig = { type: "on_change", point_refs: [{ instance: 7, point_type: "action", point: 2 }] };

  it("issue 19.5: a trigger replaced between the early compile and the transaction: the flow is checked again with the trigger the rule has when it commits", async () => {
    const id = await create();
    expect((await put(id, { ...VALVE_RULE })).status).to.equal(200);
    // An explicit reload forgets what the service saw: the early compile reads the trigger.
    expect((await f.request("POST", "/api/scheduler/reload", { token: engineer, body: { confirmed: true } })).status).to.equal(200);
    log.length = 0;
    hooks.afterOuterTriggerRead = async () => void (await real.rules.update(id, { trigger_config: watching }, T0));
    const reply = await put(id, { flow_json: VALVE_RULE.flow_json });
    expect(reply.status, reply.text).to.equal(200);
    expect((reply.json.warnings as Diagnostic[]).map((w) => w.code)).to.include("rule/self-trigger");
    expect(log).to.deep.equal(["outer getTrigger", "get"]); // checked again inside, on the stored row
    expect((await real.rules.get(id))?.trigger_config).to.deep.equal(watching);
  });

  it("issue 19.5: a trigger replaced out of band after the service saw the rule commit: the UPDATE refuses the early compile, and the flow is checked with the stored trigger", async () => {
    const id = await create();
    expect((await put(id, { ...VALVE_RULE })).status).to.equal(200);
    await real.rules.update(id, { trigger_config: watching }, T0);
    log.length = 0;
    const reply = await put(id, { flow_json: VALVE_RULE.flow_json });
    expect(reply.status, reply.text).to.equal(200);
    expect((reply.json.warnings as Diagnostic[]).map((w) => w.code)).to.deep.equal(["rule/self-trigger"]);
    expect(log).to.deep.equal(["get"]);
    expect((await real.rules.get(id))?.trigger_config).to.deep.equal(watching);
    // The service now knows the new trigger: the next PUT reads nothing and warns the same.
    log.length = 0;
    const again = await put(id, { flow_json: VALVE_RULE.flow_json });
    expect((again.json.warnings as Diagnostic[]).map((w) => w.code)).to.deep.equal(["rule/self-trigger"]);
    expect(log).to.deep.equal([]);
  });

  it("a PUT's answer, assembled around the flow text the store wrote (issue 19.5), is the rule serialised whole: the same bytes and headers", async () => {
    const id = await create();
    const reply = await put(id, { ...VALVE_RULE, name: "quote \" \u2028 🌀", description: "</script>" });
    expect(reply.status, reply.text).to.equal(200);
    expect(reply.text).to.equal(JSON.stringify({ success: true, data: await real.rules.get(id), warnings: reply.json.warnings }));
    expect(reply.headers.get("content-type")).to.equal("application/json; charset=utf-8");
    const renamed = await put(id, { name: "renamed" }); // no flow: serialised whole, as before
    expect(renamed.text).to.equal(JSON.stringify({ success: true, data: await real.rules.get(id), warnings: [] }));
    expect(renamed.headers.get("content-type")).to.equal("application/json; charset=utf-8");
  });

  it("issue 19.5: a PUT of a missing rule is 404 whether its flow compiles or not; a flow with errors stores nothing", async () => {
    expect((await put(999, { flow_json: VALVE_RULE.flow_json })).status).to.equal(404);
    expect((await put(999, { flow_json: brokenFlow(), trigger_config: VALVE_RULE.trigger_config })).status).to.equal(404);
    const id = await create();
    expect((await put(id, { ...VALVE_RULE })).status).to.equal(200);
    const row = JSON.stringify(await real.rules.get(id));
    const bad = flowOf("trigger every 1s\ninput t = measurement(7, 1)\nwrite action(13, 9) = 1");
    const reply = await put(id, { flow_json: bad.flow_json });
    expect(reply.status, reply.text).to.equal(400);
    expect(JSON.stringify(await real.rules.get(id))).to.equal(row);
  });
});
