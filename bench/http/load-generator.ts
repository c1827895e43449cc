// The benchmark's side of the load generator: starts its worker thread once (so its client code
// is warm for every subject) and runs one load at a time on it.
import { Worker } from "node:worker_threads";
import type { LoadSpec, RawLoadResult } from "./load-spec.js";

export interface LoadGenerator {
  run(spec: LoadSpec): Promise<RawLoadResult>;
  /** Closes the client's connections and ends the thread. */
  close(): Promise<void>;
}

type Answer = { id: number; result: RawLoadResult } | { id: number; error: string };

export function startLoadGenerator(): LoadGenerator {
  const worker = new Worker(new URL("./load-worker.js", import.meta.url));
  const pending = new Map<number, { resolve: (r: RawLoadResult) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  const failAll = (error: Error): void => {
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  worker.on("message", (answer: Answer) => {
    const waiting = pending.get(answer.id);
    pending.delete(answer.id);
    if ("error" in answer) waiting?.reject(new Error(`load generator: ${answer.error}`));
    else waiting?.resolve(answer.result);
  });
  worker.on("error", failAll);
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  worker.once("exit", (code) => failAll(new Error(`the load generator's thread exited (code ${code})`)));

  return {
    run(spec) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, spec });
      });
    },
    async close() {
      worker.postMessage("close");
      // Bounded: a thread that does not end by itself is ended.
      const timeout = setTimeout(() => void worker.terminate(), 2000);
      await exited;
      clearTimeout(timeout);
    },
  };
}
