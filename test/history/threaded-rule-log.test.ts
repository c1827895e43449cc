import { expect } from "chai";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createHistoryWriter } from "../../runtime/history/history-writer.js";
import { createRuleLog, type RuleLog } from "../../runtime/history/rule-log.js";
import { decodeLines, encodeLines, failureError, failureMessage } from "../../runtime/history/rule-log-protocol.js";
import { createThreadedRuleLog } from "../../runtime/history/threaded-rule-log.js";

describe("rule log in a thread of its own (issue 19)", () => {
  let dir: string;
  const opened: RuleLog[] = [];
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), "svc-threaded-log-"))));
  afterEach(async () => {
    for (const log of opened.splice(0)) await log.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const threaded = () => {
    const log = createThreadedRuleLog({ dir });
    opened.push(log);
    return log;
  };
  const lines = (ruleId: number) => readFileSync(join(dir, `${ruleId}.log`), "utf8");

  it("the protocol: a batch crosses as one text and two typed arrays and comes back as each rule's lines in order", () => {
    const message = encodeLines(7, [3, 1, 3, 2, 1], ["a\n", "é😀\n", "bb\n", "\n", "c\n"]);
    expect(message.kind).to.equal("lines");
    expect(message.text).to.equal("a\né😀\nbb\n\nc\n");
    expect([...decodeLines(message)]).to.deep.equal([
      [3, ["a\n", "bb\n"]],
      [1, ["é😀\n", "c\n"]],
      [2, ["\n"]],
    ]);
    expect([...decodeLines(encodeLines(8, [], []))]).to.deep.equal([]);
    expect(() => encodeLines(9, [1], [])).to.throw(RangeError);
    expect(() => decodeLines({ ...message, text: "short" })).to.throw(RangeError, /do not cover/);
  });

  it("the protocol: a failure crosses with its name, message and errno code", () => {
    const error = Object.assign(new Error("EISDIR: illegal operation on a directory"), { code: "EISDIR" });
    const back = failureError(failureMessage(4, error)) as Error & { code?: string };
    expect([back.name, back.message, back.code]).to.deep.equal(["Error", error.message, "EISDIR"]);
    expect(failureError(failureMessage(4, new RangeError("bad")))).to.be.instanceOf(RangeError);
    expect(failureMessage(4, "text").message).to.equal("text");
  });

  it("appendBatch writes each rule's lines in order and answers with the rules whose lines failed, the others written", async () => {
    const log = threaded();
    mkdirSync(join(dir, "5.log"), { recursive: true }); // a directory where 5's file should be
    const failures = await log.appendBatch!([1, 5, 2, 1, -3, 5], ["1a\n", "5a\n", "2a\n", "1b\n", "xx\n", "5b\n"]);
    expect(failures.map((f) => f.ruleId).sort()).to.deep.equal([-3, 5]);
    expect(failures.find((f) => f.ruleId === -3)!.error).to.be.instanceOf(RangeError);
    expect((failures.find((f) => f.ruleId === 5)!.error as Error & { code?: string }).code).to.equal("EISDIR");
    expect([lines(1), lines(2)]).to.deep.equal(["1a\n1b\n", "2a\n"]);
  });

  it("appends after close start the thread again, after the close, in call order", async () => {
    const log = threaded();
    await log.appendLines(4, ["1\n"]);
    const closed = log.close();
    const after = log.appendLines(4, ["2\n"]);
    await Promise.all([closed, after]);
    expect(lines(4)).to.equal("1\n2\n");
  });

  it("a thread that dies rejects what it had not answered; the next append starts a new one", async () => {
    // A thread that exits on a line "die" before the real one reads it (as a fatal error would).
    const log = createThreadedRuleLog({ dir, workerUrl: new URL("./dying-rule-log-worker.js", import.meta.url) });
    opened.push(log);
    await log.appendLines(6, ["1\n"]);
    const dying = log.appendLines(6, ["die\n"]);
    const after = log.appendLines(6, ["2\n"]); // sent to the same thread, never answered
    const seen = await Promise.allSettled([dying, after]);
    expect(seen.map((s) => s.status)).to.deep.equal(["rejected", "rejected"]);
    expect(String((seen[0] as PromiseRejectedResult).reason)).to.match(/thread exited/);
    await log.appendLines(6, ["3\n"]);
    expect(lines(6)).to.equal("1\n3\n");
  });

  it("the history writer with the threaded log: the log lines carry the committed ids; a log that fails as a whole is told per rule and acknowledges nothing less", async () => {
    const rows: unknown[] = [];
    const history = { appendBatch: (batch: readonly unknown[]) => (rows.push(...batch), Promise.resolve(batch.map((_, i) => rows.length - batch.length + i + 1))) };
    const at = Date.UTC(2026, 10, 26, 12);
    const record = (n: number) => ({ startedAt: at + n, finishedAt: at + n + 1, trigger: "interval" as const, success: true, result: { n }, error: null });
    const writer = createHistoryWriter({ history, log: threaded(), onError: (error) => expect.fail(String(error)), maxDelayMs: 1 });
    const ids = await Promise.all([1, 2, 1].map((ruleId, n) => writer.record(ruleId, record(n))));
    await writer.flush();
    expect(lines(1).split("\n").slice(0, -1).map((line) => (JSON.parse(line) as { history_id: number }).history_id)).to.deep.equal([ids[0], ids[2]]);

    const told: string[] = [];
    const broken: RuleLog = { ...createRuleLog({ dir }), appendBatch: () => Promise.reject(new Error("the rule log's thread exited (code 1) before writing its lines")) };
    const second = createHistoryWriter({ history, log: broken, onError: (_, context) => told.push(context), maxDelayMs: 1 });
    const acknowledged = await Promise.all([7, 8, 7].map((ruleId, n) => second.record(ruleId, record(n))));
    await second.flush();
    expect(acknowledged).to.have.length(3);
    expect(told.sort()).to.deep.equal(["log of rule 7", "log of rule 8"]);
  });
});
