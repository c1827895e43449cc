import { expect } from "chai";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createHistoryRecorder, type ExecutionRecord } from "../../runtime/history/history-recorder.js";
import { createRuleLog, type RuleLog } from "../../runtime/history/rule-log.js";
import { openStore } from "../../runtime/store/open-store.js";
import type { HistoryStore, Store } from "../../runtime/store/store.js";

const EXECUTION: ExecutionRecord = {
  startedAt: Date.parse("2026-03-04T05:06:07.089Z"),
  finishedAt: Date.parse("2026-03-04T05:06:07.093Z"),
  trigger: "on_change",
  success: false,
  result: { success: false, actions: [{ point: "action(7, 1)", value: 1, success: false, reason: "no writer" }], path: ["start", "write", "end"] },
  error: { message: "an action failed" },
};

const STORED = {
  rule_id: 4,
  started_at: "2026-03-04T05:06:07.089Z",
  finished_at: "2026-03-04T05:06:07.093Z",
  trigger: "on_change",
  success: false,
  result: EXECUTION.result,
  error: EXECUTION.error,
};

describe("history recorder", () => {
  let dir: string;
  let store: Store;
  const logLines = () => readFileSync(join(dir, "4.log"), "utf8").trim().split("\n").map((line) => JSON.parse(line));
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), "svc-recorder-"));
    store = await openStore("sqlite::memory:");
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("spec: writes the result record to the durable history and to the rule's log file", async () => {
    const errors: unknown[] = [];
    const recorder = createHistoryRecorder({ history: store.history, log: createRuleLog({ dir }), onError: (error) => errors.push(error) });
    const id = await recorder.record(4, EXECUTION);
    expect(await store.history.list(4, { limit: 10 })).to.deep.equal([{ id, ...STORED }]);
    expect(logLines()).to.deep.equal([{ history_id: id, ...STORED }]);
    expect(errors).to.deep.equal([]);
  });

  it("a log write that fails is reported to onError, not thrown, and the row stays", async () => {
    const failure = new Error("disk full");
    const reported: [unknown, number][] = [];
    const log: RuleLog = { append: () => Promise.reject(failure), appendLines: () => Promise.reject(failure), close: () => Promise.resolve() };
    const recorder = createHistoryRecorder({ history: store.history, log, onError: (error, ruleId) => reported.push([error, ruleId]) });
    const id = await recorder.record(4, EXECUTION);
    expect(reported).to.deep.equal([[failure, 4]]);
    expect((await store.history.list(4, { limit: 10 })).map((e) => e.id)).to.deep.equal([id]);
  });

  it("when the row cannot be written, the log line is still written and record rejects", async () => {
    const failure = new Error("database is locked");
    const history: HistoryStore = { ...store.history, append: () => Promise.reject(failure) };
    const recorder = createHistoryRecorder({ history, log: createRuleLog({ dir }), onError: () => undefined });
    let seen: unknown;
    await recorder.record(4, EXECUTION).catch((error: unknown) => (seen = error));
    expect(seen).to.equal(failure);
    expect(logLines()).to.deep.equal([{ history_id: null, ...STORED }]);
  });
});
