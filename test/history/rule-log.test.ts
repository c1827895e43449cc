import { expect } from "chai";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRuleLog as createLocalRuleLog, type RuleLog, type RuleLogOptions } from "../../runtime/history/rule-log.js";
import { createThreadedRuleLog } from "../../runtime/history/threaded-rule-log.js";

// The same behaviour whether the files are written in the caller's thread or in one of their own.
for (const [where, create] of [
  ["in the caller's thread", createLocalRuleLog],
  ["in a thread of its own", createThreadedRuleLog],
] as const) {

describe(`rule log, written ${where}`, () => {
  const opened: RuleLog[] = [];
  const createRuleLog = (options: RuleLogOptions): RuleLog => {
    const log = create(options);
    opened.push(log);
    return log;
  };
  afterEach(async () => {
    for (const log of opened.splice(0)) await log.close();
  });
  let root: string;
  let dir: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "svc-rule-log-"));
    dir = join(root, "var", "logs", "rules");
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const lines = (name: string) => readFileSync(join(dir, name), "utf8").split("\n").slice(0, -1).map((line) => JSON.parse(line));
  // A record whose line is exactly `bytes` long, newline included.
  const record = (n: number, bytes = 100) => {
    const base = JSON.stringify({ n, pad: "" }).length + 1;
    return { n, pad: "x".repeat(bytes - base) };
  };

  it("appends one JSON line per record to <dir>/<ruleId>.log, creating the directory", async () => {
    const log = createRuleLog({ dir });
    await log.append(7, { success: true, path: ["start", "end"] });
    await log.append(7, { success: false });
    await log.append(8, { success: true });
    expect(lines("7.log")).to.deep.equal([{ success: true, path: ["start", "end"] }, { success: false }]);
    expect(lines("8.log")).to.deep.equal([{ success: true }]);
  });

  it("rotates before a line that would pass maxBytes, .log to .log.1 and on, dropping files beyond keep", async () => {
    const log = createRuleLog({ dir, maxBytes: 250, keep: 2 });
    for (let n = 0; n < 9; n++) await log.append(1, record(n));
    // Two 100-byte lines fit in 250 bytes; the third starts a new file.
    expect(readdirSync(dir).sort()).to.deep.equal(["1.log", "1.log.1", "1.log.2"]);
    expect(lines("1.log.2").map((r) => r.n)).to.deep.equal([4, 5]);
    expect(lines("1.log.1").map((r) => r.n)).to.deep.equal([6, 7]);
    expect(lines("1.log").map((r) => r.n)).to.deep.equal([8]);
  });

  it("a line that fills maxBytes exactly does not rotate", async () => {
    const log = createRuleLog({ dir, maxBytes: 200, keep: 1 });
    await log.append(1, record(0));
    await log.append(1, record(1));
    expect(readdirSync(dir)).to.deep.equal(["1.log"]);
  });

  it("keep 0 starts the file over", async () => {
    const log = createRuleLog({ dir, maxBytes: 150, keep: 0 });
    for (let n = 0; n < 3; n++) await log.append(1, record(n));
    expect(readdirSync(dir)).to.deep.equal(["1.log"]);
    expect(lines("1.log").map((r) => r.n)).to.deep.equal([2]);
  });

  it("a line longer than maxBytes goes whole into a file of its own", async () => {
    const log = createRuleLog({ dir, maxBytes: 50, keep: 3 });
    await log.append(1, record(0, 120));
    await log.append(1, record(1, 120));
    expect(lines("1.log.1")).to.deep.equal([record(0, 120)]);
    expect(lines("1.log")).to.deep.equal([record(1, 120)]);
  });

  it("concurrent appends for one rule are whole lines in call order, across rotations", async () => {
    const log = createRuleLog({ dir, maxBytes: 256 * 1024, keep: 10 });
    await Promise.all(Array.from({ length: 60 }, (_, n) => log.append(3, record(n, 20_000))));
    const files = readdirSync(dir).sort((a, b) => Number(b.split(".")[2] ?? 0) - Number(a.split(".")[2] ?? 0));
    expect(files.length).to.be.greaterThan(3);
    const all = files.flatMap(lines);
    expect(all.map((r) => r.n)).to.deep.equal(Array.from({ length: 60 }, (_, n) => n));
    for (const file of files) expect(readFileSync(join(dir, file)).length).to.be.at.most(256 * 1024);
  });

  it("a failed write rejects its own append only; the next append of the rule is written", async () => {
    const log = createRuleLog({ dir });
    mkdirSync(join(dir, "5.log"), { recursive: true }); // a directory where the file should be
    let seen: unknown;
    await log.append(5, { n: 0 }).catch((error: unknown) => (seen = error));
    expect(seen).to.be.instanceOf(Error);
    rmSync(join(dir, "5.log"), { recursive: true });
    await log.append(5, { n: 1 });
    expect(lines("5.log")).to.deep.equal([{ n: 1 }]);
  });

  it("refuses a rule id that is not a non-negative integer (it names a file)", async () => {
    const log = createRuleLog({ dir });
    for (const id of [-1, 1.5, NaN]) {
      let seen: unknown;
      await log.append(id, {}).catch((error: unknown) => (seen = error));
      expect(seen, String(id)).to.be.instanceOf(RangeError);
    }
  });

  it("refuses a maxBytes or keep that makes no sense", () => {
    expect(() => createRuleLog({ dir, maxBytes: 0 })).to.throw(RangeError);
    expect(() => createRuleLog({ dir, keep: -1 })).to.throw(RangeError);
  });
});
}
