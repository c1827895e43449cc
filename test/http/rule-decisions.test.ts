// GET /api/rules/{id}/decisions and the decision messages of the live WebSocket (issue 18.4):
// why a rule did not run, newest first, paginated like the history, checked in the HTTP layer's
// order (authenticate, authorise, input, then the rule), records not yet flushed included.
import { expect } from "chai";
import WebSocket from "ws";
import type { DecisionPage } from "../../generated/types.js";
import { START } from "../rules/engine-fixture.js";
import { startHttpFixture, type HttpFixture, type Reply } from "./http-fixture.js";
import { flowOf } from "./rule-flows.js";

const iso = (offset: number) => new Date(START + offset).toISOString();

function expectError(reply: Reply, status: number, code: string, message?: RegExp): void {
  expect([reply.status, reply.json?.error?.code], reply.text.slice(0, 300)).to.deep.equal([status, code]);
  if (message) expect(reply.json.error.message).to.match(message);
}

describe("GET /api/rules/{id}/decisions (issue 18.4)", () => {
  let f: HttpFixture;
  let viewer: string;
  let id: number;
  beforeEach(async () => {
    // The disabled rule is first due at the first tick, so that its decision times read plainly (the spread is issue 19.3's test).
    f = await startHttpFixture({ intervalPhase: "first_tick" });
    viewer = await f.token("Viewer");
    const engineer = await f.token("Engineer");
    id = (await f.request("POST", "/api/rules", { token: engineer, body: { name: "off", confirmed: true } })).json.data.id;
    // Disabled (a new rule is), with a trigger every 200 ms: a `disabled` decision per interval.
    await f.request("PUT", `/api/rules/${id}`, { token: engineer, body: { ...flowOf("trigger every 200ms\nwrite action(7, 2) = 10"), confirmed: true } });
  });
  afterEach(() => f.close());

  /** `token` null: no Authorization header. */
  const get = async (query = "", ruleId = id, token: string | null = viewer) => f.request("GET", `/api/rules/${ruleId}/decisions${query}`, token === null ? {} : { token });

  it("issue 18.4: records not yet flushed are in the answer: a disabled rule's triggers as one record, newest first", async () => {
    await f.advance(500); // due at +100, +300, +500; the flush timer (1 s) has not run
    expect(await f.store.decisions.list(id, { limit: 10 }), "nothing written yet").to.deep.equal([]);
    const reply = await get();
    expect(reply.status, reply.text).to.equal(200);
    const page = reply.json.data as DecisionPage;
    expect(page.next_before_id).to.equal(null);
    expect(page.items).to.have.length(1);
    expect(page.items[0]).to.deep.include({ rule_id: id, kind: "disabled", count: 3, first_at: iso(100), last_at: iso(500), point: null, value: null, context: { interval_ms: 200 } });
  });

  it("issue 18.4: paginated like the history: limit, next_before_id, before_id; an empty rule answers an empty page", async () => {
    // Three records: disabled, then (enabled, run), held by nothing; disabled again.
    const engineer = await f.token("Engineer");
    await f.advance(300);
    await f.request("POST", `/api/rules/${id}/enable`, { token: engineer, body: { confirmed: true } });
    await f.advance(300);
    await f.request("POST", `/api/rules/${id}/disable`, { token: engineer, body: { confirmed: true } });
    await f.advance(600);
    await f.engine.runtime.flushDecisions();
    const all = (await get()).json.data as DecisionPage;
    expect(all.items.map((r) => r.kind)).to.deep.equal(["disabled", "disabled"]);
    const first = (await get("?limit=1")).json.data as DecisionPage;
    expect(first.items.map((r) => r.id)).to.deep.equal([all.items[0]!.id]);
    expect(first.next_before_id).to.equal(all.items[0]!.id);
    const second = (await get(`?limit=1&before_id=${first.next_before_id}`)).json.data as DecisionPage;
    expect(second.items.map((r) => r.id)).to.deep.equal([all.items[1]!.id]);
    const third = (await get(`?limit=1&before_id=${second.next_before_id}`)).json.data as DecisionPage;
    expect(third).to.deep.equal({ items: [], next_before_id: null });
    const other = (await f.request("POST", "/api/rules", { token: engineer, body: { name: "stub", confirmed: true } })).json.data.id;
    expect((await get("", other)).json.data).to.deep.equal({ items: [], next_before_id: null });
  });

  it("issue 18.4: checks in order: authenticate, then the query (a clear 400), then the rule (404)", async () => {
    expectError(await get("?limit=0", 999_999, null), 401, "unauthenticated");
    expectError(await get("?limit=0", 999_999), 400, "invalid-input", /query parameter 'limit' must be an integer from 1 to 500, got '0'/);
    expectError(await get("?before_id=x"), 400, "invalid-input", /'before_id'/);
    expectError(await get("?order=desc"), 400, "invalid-input", /unknown query parameter 'order'/);
    expectError(await get("?limit=1&limit=2"), 400, "invalid-input", /more than once/);
    expectError(await f.request("GET", "/api/rules/abc/decisions", { token: viewer }), 400, "invalid-input", /rule id/);
    expectError(await get("", 999_999), 404, "not-found", /rule 999999/);
  });

  it("issue 18.4: a deleted rule's records are gone: 404", async () => {
    await f.advance(300);
    await f.engine.runtime.flushDecisions();
    await f.request("DELETE", `/api/rules/${id}`, { token: await f.token("Engineer"), body: { confirmed: true } });
    expectError(await get(), 404, "not-found");
    expect(await f.store.decisions.list(id, { limit: 10 })).to.deep.equal([]);
  });
});

describe("decision records on the live WebSocket (issue 18.4)", () => {
  let f: HttpFixture;
  let id: number;
  beforeEach(async () => {
    f = await startHttpFixture({ intervalPhase: "first_tick" }); // the records' counts read plainly (issue 19.3 spreads the first run)
    const engineer = await f.token("Engineer");
    id = (await f.request("POST", "/api/rules", { token: engineer, body: { name: "off", confirmed: true } })).json.data.id;
    await f.request("PUT", `/api/rules/${id}`, { token: engineer, body: { ...flowOf("trigger every 200ms\nwrite action(7, 2) = 10"), confirmed: true } });
  });
  afterEach(() => f.close());

  async function connect(query: string): Promise<{ messages: any[]; close(): void }> {
    const ws = new WebSocket(`${f.url.replace("http", "ws")}/api/history/live${query}`, [], { headers: { authorization: `Bearer ${await f.token("Viewer")}` }, handshakeTimeout: 3000 });
    const messages: any[] = [];
    ws.on("message", (data) => messages.push(JSON.parse(String(data))));
    await new Promise((resolve, reject) => {
      ws.once("open", resolve);
      ws.once("unexpected-response", (_req, res) => reject(Object.assign(new Error(`HTTP ${res.statusCode}`), { status: res.statusCode })));
      ws.once("error", reject);
    });
    return { messages, close: () => ws.close() };
  }

  /** Waits (bounded, real time) until `done`: the socket's messages arrive on real I/O. */
  async function until(done: () => boolean): Promise<void> {
    const deadline = performance.now() + 3000;
    while (!done()) {
      if (performance.now() > deadline) throw new Error("timed out");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it("issue 18.4: with decisions=1 a reader receives each written record, again with its new count as it grows; without it, none", async () => {
    const asked = await connect(`?decisions=1&rule_id=${id}`);
    const plain = await connect("");
    await f.advance(300);
    await f.engine.runtime.flushDecisions();
    await until(() => asked.messages.length >= 1);
    await f.advance(400);
    await f.engine.runtime.flushDecisions();
    await until(() => asked.messages.length >= 2);
    expect(asked.messages.map((m) => [m.type, m.data.kind, m.data.count])).to.deep.equal([
      ["decision", "disabled", 2],
      ["decision", "disabled", 4],
    ]);
    expect(asked.messages[0].data.id).to.equal(asked.messages[1].data.id);
    expect(plain.messages, "not asked: no decisions").to.deep.equal([]);
    asked.close();
    plain.close();
  });

  it("issue 18.4: decisions must be 1 or 0", async () => {
    let refused: unknown;
    await connect("?decisions=yes").catch((error: unknown) => (refused = error));
    expect(refused).to.have.property("status", 400);
  });
});
