// The rule log written by a thread of its own (rule-log-worker.ts): the same files, lines and
// rotation as rule-log.ts, but open(2), write(2) and rotation happen off the service's main thread,
// which at 10,000 rules a second spent a fifth of its history work there (issue 19). A batch's
// lines cross as one message (rule-log-protocol.ts); the thread answers each message in order, so
// appends keep their call order. The thread starts with the first append and ends with close()
// (an append after close starts it again); it keeps the process alive only while it has work.
// If the thread dies, what it had not answered is rejected, and the next append starts a new one.
import { Worker } from "node:worker_threads";
import { checkRuleId, ruleLogOptions, type RuleLogOptions } from "./rule-log-files.js";
import { encodeLines, failureError, type RuleLogReply, type RuleLogRequest } from "./rule-log-protocol.js";
import type { RuleLog, RuleLogFailure } from "./rule-log.js";

interface Waiting {
  resolve: (reply: RuleLogReply) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  waiting: Map<number, Waiting>;
}

export interface ThreadedRuleLogOptions extends RuleLogOptions {
  /** The thread's script (default rule-log-worker.js beside this file); tests give one that dies. */
  workerUrl?: URL;
}

export function createThreadedRuleLog({ workerUrl = new URL("./rule-log-worker.js", import.meta.url), ...options }: ThreadedRuleLogOptions): RuleLog {
  const checked = ruleLogOptions(options);
  let thread: Thread | undefined;
  let closing: Promise<void> = Promise.resolve(); // the last close; requests after it wait for it
  let seq = 0;

  function start(): Thread {
    const worker = new Worker(workerUrl, { workerData: checked });
    const started: Thread = { worker, waiting: new Map() };
    const fail = (error: Error): void => {
      if (thread === started) thread = undefined;
      for (const waiting of started.waiting.values()) waiting.reject(error);
      started.waiting.clear();
    };
    worker.on("message", (reply: RuleLogReply) => {
      const waiting = started.waiting.get(reply.seq);
      started.waiting.delete(reply.seq);
      if (started.waiting.size === 0) worker.unref();
      waiting?.resolve(reply);
    });
    worker.on("error", (error) => fail(error));
    worker.on("exit", (code) => fail(new Error(`the rule log's thread exited (code ${code}) before answering: its lines may be unwritten`)));
    worker.unref();
    return started;
  }

  function send(message: RuleLogRequest, transfer: ArrayBuffer[] = []): Promise<RuleLogReply> {
    thread ??= start();
    const { worker, waiting } = thread;
    return new Promise<RuleLogReply>((resolve, reject) => {
      waiting.set(message.seq, { resolve, reject });
      worker.ref(); // work in flight keeps the process alive
      worker.postMessage(message, transfer);
    });
  }

  async function lines(ruleIds: readonly number[], texts: readonly string[]): Promise<RuleLogFailure[]> {
    await closing;
    const message = encodeLines(++seq, ruleIds, texts);
    const reply = await send(message, [message.ends.buffer as ArrayBuffer, message.ruleIds.buffer as ArrayBuffer]);
    return reply.failures.map((failure) => ({ ruleId: failure.ruleId, error: failureError(failure) }));
  }

  async function appendLines(ruleId: number, texts: readonly string[]): Promise<void> {
    const refused = checkRuleId(ruleId);
    if (refused !== null) throw refused;
    if (texts.length === 0) return;
    const [failure] = await lines(texts.map(() => ruleId), texts);
    if (failure !== undefined) throw failure.error;
  }

  return {
    append: (ruleId, record) => appendLines(ruleId, [`${JSON.stringify(record)}\n`]),
    appendLines,
    async appendBatch(ruleIds, texts) {
      // Lines of a rule id that cannot name a file fail here; the rest go to the thread.
      const refused: RuleLogFailure[] = [];
      let ids = ruleIds;
      let kept = texts;
      if (ruleIds.some((id) => checkRuleId(id) !== null)) {
        ids = [];
        kept = [];
        ruleIds.forEach((id, i) => {
          const error = checkRuleId(id);
          if (error === null) (ids as number[]).push(id), (kept as string[]).push(texts[i]!);
          else if (!refused.some((failure) => failure.ruleId === id)) refused.push({ ruleId: id, error });
        });
      }
      return ids.length === 0 ? refused : [...refused, ...(await lines(ids, kept))];
    },
    close() {
      const closed = closing.then(async () => {
        const current = thread;
        if (current === undefined) return;
        await send({ kind: "close", seq: ++seq });
        if (thread === current) thread = undefined;
        await current.worker.terminate();
      });
      closing = closed.catch(() => undefined);
      return closed;
    },
  };
}
