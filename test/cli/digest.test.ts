// Issue 6, part 4: `svc digest REQUEST.json` prints the input_digest the service computes for a
// processor request (spec: Processor request, input_digest), or with --canonical the bytes hashed.
import { expect } from "chai";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { KNOWN_CANONICAL, KNOWN_DIGEST, knownRequest } from "../contracts/digest-fixtures.js";
import { runSvc, type SvcRun } from "../helpers/run-svc.js";

describe("svc digest", () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), "svc-digest-"))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const svc = (...argv: string[]): Promise<SvcRun> => runSvc(dir, argv);

  function file(name: string, content: unknown): string {
    writeFileSync(join(dir, name), typeof content === "string" ? content : JSON.stringify(content, null, 2));
    return name;
  }

  it("prints the input_digest of a processor request, one line, exit 0 (spec: Processor request, input_digest)", async () => {
    const { code, out, err } = await svc("digest", file("r.json", knownRequest()));
    expect({ code, out, err }).to.deep.equal({ code: 0, out: `${KNOWN_DIGEST}\n`, err: "" });
  });

  it("request_id, times, key order and number spelling do not change what it prints", async () => {
    const reversed = (_key: string, value: unknown): unknown =>
      typeof value === "object" && value !== null && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).reverse()) : value;
    const text = JSON.stringify({ ...knownRequest(), request_id: "other", deadline: "2031-01-01T00:00:00Z" }, reversed, 4).replace("12.5", "1.25e1");
    const { code, out } = await svc("digest", file("r.json", text));
    expect({ code, out }).to.deep.equal({ code: 0, out: `${KNOWN_DIGEST}\n` });
  });

  it("--canonical prints exactly the bytes hashed, without a newline, so sha256sum agrees", async () => {
    const { code, out } = await svc("digest", "--canonical", file("r.json", knownRequest()));
    expect(code).to.equal(0);
    expect(out).to.equal(KNOWN_CANONICAL);
    expect(`sha256:${createHash("sha256").update(out, "utf8").digest("hex")}`).to.equal(KNOWN_DIGEST);
  });

  it("an input_digest that differs: the computed digest on stdout, digest/mismatch at /input_digest on stderr, exit 1", async () => {
    const wrong = `sha256:${"0".repeat(64)}`;
    const { code, out, err } = await svc("digest", file("r.json", { ...knownRequest(), input_digest: wrong }));
    expect(code).to.equal(1);
    expect(out).to.equal(`${KNOWN_DIGEST}\n`);
    expect(err).to.match(/^r\.json:\d+:\d+: error digest\/mismatch: .*\(at \/input_digest\)/);
    expect(err).to.contain(wrong).and.contain(KNOWN_DIGEST).and.contain("svc digest --canonical");
  });

  it("another contract: digest/unsupported-schema at /schema, nothing on stdout, exit 1", async () => {
    const { code, out, err } = await svc("digest", file("r.json", { ...knownRequest(), schema: "svc.data-processing.result.v1" }));
    expect({ code, out }).to.deep.equal({ code: 1, out: "" });
    expect(err).to.match(/^r\.json:2:\d+: error digest\/unsupported-schema: .*svc\.data-processing\.request\.v1.*\(at \/schema\)/);
  });

  it("JSON syntax errors name the line and column", async () => {
    const { code, out, err } = await svc("digest", file("r.json", '{\n  "task": {"id": "x",}\n}'));
    expect({ code, out }).to.deep.equal({ code: 1, out: "" });
    expect(err).to.match(/^r\.json:2:22: error json\/syntax: /);
  });

  it("duplicate keys are refused at their path: JSON.parse would silently hash the last one", async () => {
    const text = JSON.stringify(knownRequest(), null, 2).replace('"horizon_steps": 4', '"horizon_steps": 4,\n    "horizon_steps": 96');
    const { code, out, err } = await svc("digest", file("r.json", text));
    expect({ code, out }).to.deep.equal({ code: 1, out: "" });
    expect(err).to.match(/^r\.json:\d+:\d+: error json\/duplicate-key: .*\(at \/options\/horizon_steps\)/);
  });

  it("values the digest refuses: 2^53 + 2 and a lone surrogate at their JSON Pointer; 1e400 (Infinity) too, by the schema", async () => {
    const request = knownRequest() as { frame: { history: { features: { load: { values: unknown[]; unit: string } } } } };
    request.frame.history.features.load.values = [111111, 222222];
    request.frame.history.features.load.unit = "kW\ud800"; // a unit has no pattern: the schema lets it through
    const text = JSON.stringify(request, null, 2).replace("111111", "9007199254740994").replace("222222", "1e400");
    expect(text).to.contain("1e400").and.contain('"kW\\ud800"');
    const { code, out, err } = await svc("digest", file("r.json", text));
    expect({ code, out }).to.deep.equal({ code: 1, out: "" });
    const AT = "/frame/history/features/load/values";
    expect(err).to.match(new RegExp(`r\\.json:\\d+:\\d+: error digest/unsafe-integer: .*\\(at ${AT}/0\\)`));
    expect(err).to.match(new RegExp(`r\\.json:\\d+:\\d+: error [a-z]+/[a-z-]+: .*\\(at ${AT}/1\\)`));
    expect(err).to.match(/r\.json:\d+:\d+: error digest\/lone-surrogate: .*\(at \/frame\/history\/features\/load\/unit\)/);
    expect(err.match(/\(at \/frame\/history\/features\/load\/values\/1\)/g), "one problem per place").to.have.length(1);
  });

  it("a request its schema refuses (an unknown option): schema diagnostics, nothing on stdout, exit 1", async () => {
    const { code, out, err } = await svc("digest", file("r.json", { ...knownRequest(), options: { kind: "forecast", horizon_steps: 4, speed: "fast" } }));
    expect({ code, out }).to.deep.equal({ code: 1, out: "" });
    expect(err).to.match(/^r\.json:\d+:\d+: error schema\/[a-z-]+: .*\(at \/options\/speed\)/);
  });

  it("without an input_digest (a new request) it prints the digest to fill in, exit 0", async () => {
    const { input_digest: _none, ...draft } = knownRequest();
    expect(await svc("digest", file("r.json", draft))).to.deep.equal({ code: 0, out: `${KNOWN_DIGEST}\n`, err: "" });
  });

  it("a document that is not an object, or lacks a covered member, is refused", async () => {
    const notObject = await svc("digest", file("a.json", "[1]"));
    expect(notObject.code).to.equal(1);
    expect(notObject.err).to.contain("error digest/not-a-request:");
    const { frame: _gone, ...noFrame } = knownRequest();
    const missing = await svc("digest", file("b.json", noFrame));
    expect(missing.code).to.equal(1);
    expect(missing.err).to.match(/b\.json(:\d+:\d+)?: error [a-z-]+\/[a-z-]+: .*(\(at \/frame\)|'frame')/);
    expect(missing.err, "said once, by the schema").to.not.contain("digest/not-json");
  });

  it("wrong usage exits 2: no file, two files, an unknown option, a file that cannot be read", async () => {
    for (const argv of [["digest"], ["digest", "a.json", "b.json"], ["digest", "--canon", "a.json"], ["digest", "missing.json"]]) {
      const { code, out, err } = await svc(...argv);
      expect(code, argv.join(" ")).to.equal(2);
      expect(out).to.equal("");
      expect(err).to.contain("svc digest --help");
    }
    expect((await svc("digest", "--canon", "a.json")).err).to.contain("did you mean '--canonical'?");
  });

  it("is listed in svc --help, and svc digest --help tells the exit codes", async () => {
    expect((await svc("--help")).out).to.contain("digest      print the input_digest of a processor request");
    const { code, out } = await svc("digest", "--help");
    expect(code).to.equal(0);
    expect(out).to.contain("usage: svc digest [--canonical] REQUEST.json").and.contain("Exit codes: 0 printed, 1");
  });
});
