// Issue 16.6: tamper evidence someone can use. On every database of test/store/backends.ts the
// append-only triggers are dropped, one audit row is altered and another deleted; then the verify
// route, `svc audit verify`, the start-up check and the audit page must each name the break.
import { expect } from "chai";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Knex } from "knex";
import { verifyAuditTail } from "../../runtime/audit/verify-audit-tail.js";
import { openStore } from "../../runtime/store/open-store.js";
import type { Store } from "../../runtime/store/store.js";
import { auditCommand } from "../../cli/commands/audit.js";
import { main } from "../../cli/main.js";
import { projectRoot } from "../helpers/paths.js";
import { BEARER_ENV, startHttpFixture, type HttpFixture } from "../http/http-fixture.js";
import { databaseBackends } from "../store/backends.js";
import { auditInput } from "./fixtures.js";

const BEARER = BEARER_ENV.SVC_CLOUD_API_BEARER_TOKEN;
const OWN = { tenantId: "default", projectId: "default" };

/** Six events (the fifth of another tenant), then row 3 altered without resealing and row 5 deleted. */
async function appendSix(store: Store): Promise<void> {
  for (let n = 1; n <= 6; n++) {
    await store.audit.append(auditInput({ ...(n === 5 ? { tenantId: "other" } : OWN), correlationId: `c${n}`, resource: { kind: "rule", id: String(n) } }));
  }
}

async function tamper(db: Knex): Promise<void> {
  if (db.client.dialect === "postgresql") await db.raw("drop trigger audit_events_no_update_delete on audit_events");
  else for (const name of ["audit_events_no_update", "audit_events_no_delete"]) await db.raw(`drop trigger ${name}`);
  const row = await db("audit_events").where({ sequence: 3 }).first();
  const forged = { ...JSON.parse(row.event_json), outcome: "denied" };
  await db("audit_events").where({ sequence: 3 }).update({ event_json: JSON.stringify(forged) });
  await db("audit_events").where({ sequence: 5 }).delete();
}

function capture() {
  let out = "";
  let err = "";
  return { console: { out: (t: string) => (out += t), err: (t: string) => (err += t) }, out: () => out, err: () => err };
}

for (const [name, backend] of databaseBackends()) {
  describe(`issue 16.6: audit tamper evidence on ${name}`, () => {
    let count = 0;
    let f: HttpFixture;
    let store: Store;
    let admin: string;
    beforeEach(async () => {
      const key = `tamper${++count}`;
      store = await backend.open(key);
      await appendSix(store);
      await tamper(backend.connect(key));
      f = await startHttpFixture({ store });
      admin = await f.token("Admin");
    });
    afterEach(() => f.close());
    after(() => backend.cleanup());

    it("issue 16.6: GET /api/v1/audit/verify names the first broken sequence and why, for the whole chain and a range; Admin only", async () => {
      const whole = await f.request("GET", "/api/v1/audit/verify", { token: admin });
      expect(whole.status, whole.text).to.equal(200);
      expect(whole.json).to.deep.include({ ok: false, from: "1", to: "3", checked: 2 });
      expect(whole.json.firstBroken).to.include({ sequence: "3", kind: "digest-mismatch" });
      expect(whole.json.last.sequence).to.equal("2");
      expect(whole.json.guards.intact).to.equal(false);
      expect(whole.json.guards.problems.join("\n")).to.match(/^trigger audit_events_no_update\w* is missing: UPDATE/m);

      const after = await f.request("GET", "/api/v1/audit/verify?from=4", { token: admin });
      expect(after.json.firstBroken).to.include({ sequence: "6", kind: "sequence-gap" });
      expect(after.json.firstBroken.reason).to.contain("event 5 is missing");

      const fromGap = await f.request("GET", "/api/v1/audit/verify?from=6", { token: admin });
      expect(fromGap.json.firstBroken).to.include({ sequence: "6", kind: "sequence-gap" });

      const beyond = await f.request("GET", "/api/v1/audit/verify?from=50", { token: admin });
      expect(beyond.json).to.deep.include({ ok: true, from: "50", to: null, checked: 0, firstBroken: null, last: null });

      const intact = await f.request("GET", "/api/v1/audit/verify?from=1&to=2", { token: admin });
      expect(intact.json).to.deep.include({ ok: true, from: "1", to: "2", checked: 2, firstBroken: null });

      expect((await f.request("GET", "/api/v1/audit/verify", { token: await f.token("Engineer") })).status).to.equal(403);
      expect((await f.request("GET", "/api/v1/audit/verify", { token: BEARER })).status).to.equal(401);
      const backwards = await f.request("GET", "/api/v1/audit/verify?from=4&to=2", { token: admin });
      expect([backwards.status, backwards.json.error.code]).to.deep.equal([400, "invalid-input"]);
    });

    it("issue 16.6: a range that ends on a deleted event is a sequence-gap at it; a range wholly past the end stays empty and ok", async () => {
      const verify = async (query: string) => (await f.request("GET", `/api/v1/audit/verify?${query}`, { token: admin })).json;
      const endsOnGap = await verify("from=4&to=5");
      expect(endsOnGap).to.deep.include({ ok: false, from: "4", checked: 1 });
      expect(endsOnGap.firstBroken).to.include({ sequence: "5", kind: "sequence-gap" });
      expect(endsOnGap.firstBroken.reason).to.contain("event 5 is missing");
      const onlyTheGap = await verify("from=5&to=5");
      expect(onlyTheGap).to.deep.include({ ok: false, from: "5", checked: 0 });
      expect(onlyTheGap.firstBroken).to.include({ sequence: "5", kind: "sequence-gap" });
      expect(await verify("from=7&to=9")).to.deep.include({ ok: true, from: "7", to: null, checked: 0, firstBroken: null });
    });

    it("issue 16.6: svc audit verify prints the break and exits 1; --json prints the report; an intact range prints so, and the missing triggers", async () => {
      const env = { SVC_BASE_URL: f.url, SVC_ACCESS_TOKEN: admin };
      const text = capture();
      expect(await auditCommand(["verify"], text.console, env), text.err()).to.equal(1);
      expect(text.out()).to.contain("audit chain BROKEN at sequence 3 (digest-mismatch)");

      const json = capture();
      expect(await auditCommand(["verify", "--from", "4", "--json"], json.console, env)).to.equal(1);
      expect(JSON.parse(json.out()).firstBroken).to.include({ sequence: "6", kind: "sequence-gap" });

      const intact = capture();
      // The range is intact, but the triggers were dropped: that alone fails the check.
      expect(await auditCommand(["verify", "--to", "2"], intact.console, env)).to.equal(1);
      expect(intact.out()).to.contain("audit chain intact: 2 events verified (sequences 1-2)");
      expect(intact.out()).to.match(/^ALARM append-only guards: trigger audit_events_no_update\w* is missing/m);

      const viewer = capture();
      expect(await auditCommand(["verify"], viewer.console, { ...env, SVC_ACCESS_TOKEN: await f.token("Viewer") })).to.equal(3);
      expect(viewer.err()).to.contain("permission-denied");
    });

    it("issue 16.6: the audit page and its stream mark the gap and the altered event; the forged event is still listed as stored", async () => {
      const page = await f.request("GET", "/api/v1/audit/events", { token: BEARER });
      expect(page.status, page.text).to.equal(200);
      expect(page.json.items.map((e: { sequence: string }) => e.sequence)).to.deep.equal(["1", "2", "3", "4", "6"]);
      expect(page.json.gaps).to.deep.equal([{ from: "5", to: "5" }]);
      expect(page.json.digestMismatches).to.deep.equal(["3"]);

      const rest = await f.request("GET", "/api/v1/audit/events?cursor=4", { token: BEARER });
      expect(rest.json.gaps).to.deep.equal([{ from: "5", to: "5" }]);
      expect(rest.json.digestMismatches).to.deep.equal([]);
      const before = await f.request("GET", "/api/v1/audit/events?limit=2", { token: BEARER });
      expect([before.json.gaps, before.json.digestMismatches]).to.deep.equal([[], []]);

      const stream = await f.request("GET", "/api/v1/audit/events/stream", { token: BEARER });
      expect(stream.text).to.contain(": chain-gap 5-5\n\n");
      expect(stream.text).to.contain(": chain-digest-mismatch 3\n\n");
      expect(stream.text.match(/^event: audit$/gm)).to.have.length(5);
    });

    it("issue 16.6: the start-up check of the tail names the first broken sequence; the next mutation appends after the break, which stays", async () => {
      const tail = await verifyAuditTail(store.audit);
      expect(tail.alarm).to.match(/^ALARM audit chain broken at sequence 3 \(digest-mismatch\)/);
      expect(tail.alarm).to.contain("verified events 1-2 of 1-6 at start-up and stopped at the break");
      const shortTail = (await verifyAuditTail(store.audit, 2)).alarm;
      expect(shortTail).to.match(/^ALARM audit chain broken at sequence 6 \(sequence-gap\)/);
      expect(shortTail).to.contain("verified no event of 5-6 at start-up before the break");

      const created = await f.request("POST", "/api/rules", { token: admin, body: { name: "after tampering", description: "", confirmed: true } });
      expect(created.status, created.text).to.equal(201);
      const whole = await f.request("GET", "/api/v1/audit/verify", { token: admin });
      expect(whole.json.firstBroken.sequence).to.equal("3");
      const news = await f.request("GET", "/api/v1/audit/verify?from=7", { token: admin });
      expect(news.json).to.deep.include({ ok: true, from: "7", to: "7", checked: 1 });
    });
  });
}

describe("issue 16.6: svc serve checks the audit chain's tail at start-up", () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), "svc-tamper-"))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("issue 16.6: logs an alarm line naming the first broken sequence on stderr, and still serves", async () => {
    const file = join(dir, "svc.sqlite");
    const store = await openStore(`sqlite:${file}`);
    await appendSix(store);
    await store.close();
    const db = (await import("knex")).default((await import("../../runtime/store/sqlite-client.js")).sqliteKnexConfig(file));
    await tamper(db);
    await db.destroy();

    let err = "";
    let out = "";
    let signal: ((name: string) => void) | undefined;
    let exited: (code: number) => void = () => undefined;
    const exit = new Promise<number>((resolve) => (exited = resolve));
    const code = await main(["serve"], { out: (t) => (out += t), err: (t) => (err += t) }, projectRoot, {
      env: { PORT: "0", SVC_PROCESSOR_PORT: "0", SVC_VAR_DIR: dir, SVC_PACK: join(projectRoot, "examples/packs/demo") },
      onSignal: (handler) => (signal = handler),
      exit: exited,
    });
    expect(code, err).to.equal(0);
    expect(err).to.match(/ALARM audit chain broken at sequence 3 \(digest-mismatch\)/);
    expect(err).to.contain("ALARM audit append-only guards: trigger audit_events_no_update is missing: UPDATE of audit rows is not refused; trigger audit_events_no_delete is missing: DELETE of audit rows is not refused");
    expect(out).to.match(/serving http:\/\/127\.0\.0\.1:\d+/);
    signal!("SIGTERM");
    expect(await exit).to.equal(0);
  });
});
