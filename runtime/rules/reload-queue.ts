// Reloads run one at a time, so the last store state always wins. A reload that waits to start has
// not read the store yet, so callers that arrive meanwhile share it and it sees their writes too:
// change-set reloads waiting together become one over the union of their ids, and a full reload
// waiting takes in every change-set reload (a burst of PUTs costs one reload, not N).

export interface ReloadQueue<T> {
  /** A full reload (or joins the one waiting). */
  all(): Promise<T>;
  /** A reload of these rules only (or joins the one waiting, which then covers them too). */
  some(ruleIds: readonly number[]): Promise<T>;
  /** Runs `load` as the queue's next job, joined by no other caller (start-up's load). */
  first(load: () => Promise<T>): Promise<T>;
}

interface Job<T> {
  full: boolean;
  ids: Set<number>;
  done: Promise<T>;
}

export function createReloadQueue<T>(reload: { all(): Promise<T>; some(ruleIds: readonly number[]): Promise<T> }): ReloadQueue<T> {
  let running: Promise<unknown> = Promise.resolve();
  let waiting: Job<T> | undefined;
  const after = (run: () => Promise<T>): Promise<T> => {
    const done = running.then(run);
    running = done.catch(() => undefined);
    return done;
  };
  const enqueue = (full: boolean, ids: readonly number[]): Promise<T> => {
    if (waiting !== undefined) {
      if (full) waiting.full = true;
      else for (const id of ids) waiting.ids.add(id);
      return waiting.done;
    }
    const job = { full, ids: new Set(ids) } as Job<T>;
    job.done = after(() => {
      waiting = undefined; // from here on, callers wait for the next job
      return job.full ? reload.all() : reload.some([...job.ids]);
    });
    waiting = job;
    return job.done;
  };
  return {
    all: () => enqueue(true, []),
    some: (ruleIds) => enqueue(false, ruleIds),
    first: (load) => after(load),
  };
}
