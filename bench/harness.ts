// A small benchmark harness: subjects are measured in interleaved rounds (so machine noise hits
// all of them alike), each round calibrated to about `roundMs`, and reported as the median.
// Results are meant as ratios against a baseline measured in the same run.

export interface Subject {
  name: string;
  /** Runs the work `iterations` times and returns a value that depends on every result. */
  run(iterations: number): number;
}

export interface Measurement {
  name: string;
  opsPerSecond: number;
}

export interface Options {
  rounds?: number;
  roundMs?: number;
  /**
   * "wall" (the default) times rounds by the clock; "cpu" by the process's CPU time (user +
   * system), for CPU-bound subjects on a shared machine, where waiting for a core is not their cost.
   */
  clock?: "wall" | "cpu";
}

let sink = 0; // keeps results observable so the work cannot be optimised away

export function measure(subjects: Subject[], { rounds = 9, roundMs = 150, clock = "wall" }: Options = {}): Measurement[] {
  const now = clock === "cpu" ? cpuSeconds : wallSeconds;
  const iterations = subjects.map((s) => calibrate(s, roundMs, now));
  const samples = subjects.map(() => [] as number[]);
  for (let round = 0; round < rounds; round++) {
    subjects.forEach((subject, i) => {
      const n = iterations[i]!;
      const start = now();
      sink ^= subject.run(n);
      const seconds = now() - start;
      samples[i]!.push(n / Math.max(seconds, 1e-6));
    });
  }
  if (sink === 0.5) console.log(""); // never true; reads the sink
  return subjects.map((s, i) => ({ name: s.name, opsPerSecond: median(samples[i]!) }));
}

function wallSeconds(): number {
  return Number(process.hrtime.bigint()) / 1e9;
}

function cpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

function calibrate(subject: Subject, roundMs: number, now: () => number): number {
  let n = 1;
  for (;;) {
    const start = now();
    sink ^= subject.run(n);
    const ms = (now() - start) * 1000;
    if (ms >= roundMs / 4 || n > 2 ** 30) return Math.max(1, Math.round((n * roundMs) / Math.max(ms, 0.001)));
    n *= 4;
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * A loop calling `fn(inputs[i % inputs.length])`, built with `new Function` so that every subject
 * gets its own loop code and the JIT specialises each call site separately.
 */
export function loopOver<I>(fn: (input: I) => unknown, inputs: readonly I[]): (iterations: number) => number {
  const loop = new Function(
    "fn",
    "inputs",
    `return function (iterations) {
      let truthy = 0;
      const n = inputs.length;
      for (let i = 0; i < iterations; i++) if (fn(inputs[i % n])) truthy++;
      return truthy;
    };`,
  ) as (f: typeof fn, i: readonly I[]) => (iterations: number) => number;
  return loop(fn, inputs);
}

export function formatRate(opsPerSecond: number): string {
  return Math.round(opsPerSecond).toLocaleString("en-US");
}
