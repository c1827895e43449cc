// Live execution results over WebSocket (rules-service.md "Events"): records of the durable
// history, streamed as they are written, for all rules or one, resumable from a history id,
// authenticated with the same JWT.
import { expect } from "chai";
import { request } from "node:http";
import WebSocket from "ws";
import { CLOCK_TOLERANCE_SECONDS } from "../../runtime/auth/jwt-verifier.js";
import { LIVE_CLOSE_TOKEN_EXPIRED, LIVE_PROTOCOL } from "../../runtime/http/live-history.js";
import { SUPPLY } from "../rules/engine-fixture.js";
import { startHttpFixture, type HttpFixture } from "./http-fixture.js";
import { VALVE_RULE } from "./rule-flows.js";

const CONFIRMED = { confirmed: true };

interface Reader {
  ws: WebSocket;
  /** Resolves with the next `n` messages (bounded by 3 s). */
  take(n: number): Promise<any[]>;
  close(): void;
}

function connect(f: HttpFixture, query: string, options: { token?: string; protocols?: string[] } = {}): Promise<Reader> {
  const headers = options.token ? { authorization: `Bearer ${options.token}` } : undefined;
  const ws = new WebSocket(`${f.url.replace("http", "ws")}/api/history/live${query}`, options.protocols ?? [], { headers, handshakeTimeout: 3000 });
  const inbox: any[] = [];
  let waiter: (() => void) | undefined;
  ws.on("message", (data) => {
    inbox.push(JSON.parse(String(data)));
    waiter?.();
  });
  return new Promise((resolve, reject) => {
    ws.once("open", () =>
      resolve({
        ws,
        async take(n) {
          const deadline = Date.now() + 3000;
          while (inbox.length < n) {
            if (Date.now() > deadline) throw new Error(`expected ${n} messages, got ${inbox.length}`);
            await new Promise<void>((r) => {
              waiter = r;
              setTimeout(r, 50);
            });
          }
          return inbox.splice(0, n);
        },
        close: () => ws.close(),
      }),
    );
    ws.once("unexpected-response", (_req, res) => reject(Object.assign(new Error(`HTTP ${res.statusCode}`), { status: res.statusCode })));
    ws.once("error", reject);
  });
}

describe("live execution history over WebSocket", () => {
  let f: HttpFixture;
  let token: string;
  let id: number;
  beforeEach(async () => {
    f = await startHttpFixture();
    token = await f.token("Viewer");
    const engineer = await f.token("Engineer");
    id = (await f.request("POST", "/api/rules", { token: engineer, body: { name: "r", confirmed: true } })).json.data.id;
    await f.request("PUT", `/api/rules/${id}`, { token: engineer, body: { ...VALVE_RULE, confirmed: true } });
    f.engine.plane.setMeasurement(SUPPLY, 20);
  });
  afterEach(() => f.close());

  const execute = async (ruleId = id) => (await f.request("POST", `/api/rules/${ruleId}/execute`, { token: await f.token("Engineer"), body: CONFIRMED })).json.data;

  it("spec events: a reader receives the record of an execution made via POST execute", async () => {
    const reader = await connect(f, "", { token });
    const execution = await execute();
    const [message] = await reader.take(1);
    expect(message.type).to.equal("execution");
    expect(message.data).to.include({ id: execution.history_id, rule_id: id, trigger: "manual", success: true });
    expect(message.data.result.actions[0]).to.include({ target: 7, point: 2, value: 10, success: true });
    reader.close();
  });

  it("resumes from a history id: records after it come first, then new ones, none twice", async () => {
    const first = await execute();
    const second = await execute();
    const reader = await connect(f, `?after_id=${first.history_id}`, { token });
    expect((await reader.take(1)).map((m) => m.data.id)).to.deep.equal([second.history_id]);
    const third = await execute();
    expect((await reader.take(1)).map((m) => m.data.id)).to.deep.equal([third.history_id]);
    reader.close();
  });

  it("rule_id streams one rule's records only; the executions of the scheduler arrive too", async () => {
    const engineer = await f.token("Engineer");
    const other = (await f.request("POST", "/api/rules", { token: engineer, body: { name: "other", confirmed: true } })).json.data.id;
    await f.request("PUT", `/api/rules/${other}`, { token: engineer, body: { ...VALVE_RULE, confirmed: true } });
    const reader = await connect(f, `?rule_id=${id}`, { token });
    await execute(other);
    await f.request("POST", `/api/rules/${id}/enable`, { token: engineer, body: CONFIRMED });
    await f.advance(1000);
    const [message] = await reader.take(1);
    expect(message.data).to.include({ rule_id: id, trigger: "interval" });
    reader.close();
  });

  it("issue 16.3: the socket closes with 4001 'token expired' once its token is no longer accepted, and sends nothing after", async () => {
    const reader = await connect(f, "", { token: await f.token("Viewer", { ttlSeconds: 60 }) });
    const closed = new Promise<{ code: number; reason: string }>((resolve) => reader.ws.once("close", (code, reason) => resolve({ code, reason: String(reason) })));
    const before = await execute();
    expect((await reader.take(1)).map((m) => m.data.id)).to.deep.equal([before.history_id]);
    f.time.jump(60_000 + CLOCK_TOLERANCE_SECONDS * 1000 + 1);
    await execute();
    expect(await closed).to.deep.equal({ code: LIVE_CLOSE_TOKEN_EXPIRED, reason: "token expired" });
    expect(LIVE_CLOSE_TOKEN_EXPIRED).to.equal(4001);
    expect(await reader.take(0)).to.deep.equal([]);
  });

  it("issue 16.3: an idle socket is closed at expiry too, without a record to trigger it", async () => {
    const reader = await connect(f, "", { token: await f.token("Viewer", { ttlSeconds: 60 }) });
    const closed = new Promise<number>((resolve) => reader.ws.once("close", (code) => resolve(code)));
    f.time.jump(60_000 + CLOCK_TOLERANCE_SECONDS * 1000 + 1);
    expect(await closed).to.equal(4001);
  });

  it("authenticated with the same JWT: refused without one (401) or with a bad query (400); browsers may offer bearer.<token>", async () => {
    const refused = await connect(f, "").then(
      () => 0,
      (error: { status?: number }) => error.status,
    );
    expect(refused).to.equal(401);
    const bad = await connect(f, "?rule_id=abc", { token }).then(
      () => 0,
      (error: { status?: number }) => error.status,
    );
    expect(bad).to.equal(400);
    const browser = await connect(f, "", { protocols: [LIVE_PROTOCOL, `bearer.${token}`] });
    expect(browser.ws.protocol).to.equal(LIVE_PROTOCOL);
    await execute();
    expect((await browser.take(1))[0].type).to.equal("execution");
    browser.close();
  });

  it("issue 19: a refused upgrade carries its correlation id in a header and in the error body, the caller's when it sent one", async () => {
    const refusal = (path: string, headers: Record<string, string>) =>
      new Promise<{ status: number; id: string | undefined; body: any }>((resolve, reject) => {
        const req = request(`${f.url}${path}`, { headers: { connection: "Upgrade", upgrade: "websocket", "sec-websocket-version": "13", "sec-websocket-key": "dGhlIHNhbXBsZSBub25jZQ==", ...headers } });
        req.on("upgrade", () => reject(new Error("upgraded")));
        req.on("response", (res) => {
          let text = "";
          res.on("data", (chunk) => (text += String(chunk)));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, id: res.headers["x-correlation-id"] as string | undefined, body: JSON.parse(text) }));
        });
        req.on("error", reject);
        req.end();
      });
    const bad = await refusal("/api/history/live?rule_id=abc", { authorization: `Bearer ${token}`, "x-correlation-id": "trace-me.1" });
    expect(bad.status).to.equal(400);
    expect(bad.id).to.equal("trace-me.1");
    expect(bad.body.error.correlationId).to.equal("trace-me.1");
    const unauthenticated = await refusal("/api/history/live", {});
    expect(unauthenticated.status).to.equal(401);
    expect(unauthenticated.id).to.match(/^[\w-]{8,}$/);
    expect(unauthenticated.body.error.correlationId).to.equal(unauthenticated.id);
  });

  it("issue 16.2 (audit): live connections are limited: one over the limit is refused with 503 service-unavailable, and a freed place is taken again", async () => {
    const limited = await startHttpFixture({ liveMaxConnections: 2 });
    try {
      const viewer = await limited.token("Viewer");
      const first = await connect(limited, "", { token: viewer });
      const second = await connect(limited, "", { token: viewer });
      const refused = await connect(limited, "", { token: viewer }).then(
        () => 0,
        (error: { status?: number }) => error.status,
      );
      expect(refused).to.equal(503);
      const closed = new Promise((resolve) => first.ws.once("close", resolve));
      first.close();
      await closed;
      for (let i = 0; i < 40 && limited.live.connections() > 1; i++) await new Promise((r) => setTimeout(r, 25));
      const again = await connect(limited, "", { token: viewer });
      again.close();
      second.close();
    } finally {
      await limited.close();
    }
  });

  it("issue 16.4: the socket's rule_id is a rule id: beyond 2^31-1 or repeated is a 400, not a store error", async () => {
    for (const query of ["?rule_id=2147483648", "?rule_id=1&rule_id=2", "?after_id=-1"]) {
      const status = await connect(f, query, { token }).then(
        () => 0,
        (error: { status?: number }) => error.status,
      );
      expect(status, query).to.equal(400);
    }
  });
});
