// The async counterpart of harness.ts's `measure`, for subjects that wait on I/O (the store, the
// loopback): subjects run in interleaved rounds, so machine noise hits all of them alike; in each
// round a subject runs back to back (one call in flight) until `roundMs` has passed, at least
// once, and its time per call is the round's elapsed time over its calls. Reported as the median
// over the rounds, after `warmup` calls of each subject that are not counted.
export interface AsyncSubject {
  name: string;
  /** One call; returns a value that depends on its result (checked to be finite). */
  run(): Promise<number>;
}

export interface AsyncTiming {
  name: string;
  /** Median milliseconds per call over the rounds. */
  msPerCall: number;
  callsPerSecond: number;
  /** Calls counted over all rounds. */
  calls: number;
}

export interface AsyncOptions {
  rounds: number;
  /** 0: one call per round. */
  roundMs?: number;
  warmup?: number;
}

export async function timeAsync(subjects: readonly AsyncSubject[], { rounds, roundMs = 0, warmup = 1 }: AsyncOptions): Promise<AsyncTiming[]> {
  for (const subject of subjects) for (let i = 0; i < warmup; i++) check(subject, await subject.run());
  const perCall = subjects.map(() => [] as number[]);
  const calls = subjects.map(() => 0);
  for (let round = 0; round < rounds; round++) {
    for (const [i, subject] of subjects.entries()) {
      const start = process.hrtime.bigint();
      let n = 0;
      let ms = 0;
      do {
        check(subject, await subject.run());
        n++;
        ms = Number(process.hrtime.bigint() - start) / 1e6;
      } while (ms < roundMs);
      perCall[i]!.push(ms / n);
      calls[i]! += n;
    }
  }
  return subjects.map((s, i) => {
    const msPerCall = median(perCall[i]!);
    return { name: s.name, msPerCall, callsPerSecond: 1000 / msPerCall, calls: calls[i]! };
  });
}

function check(subject: AsyncSubject, value: number): void {
  if (!Number.isFinite(value)) throw new Error(`${subject.name} returned ${value}`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
