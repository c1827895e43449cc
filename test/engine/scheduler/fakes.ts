// Fakes for the scheduler's ports: a point watch over a Float64Array, and a runner that records
// calls, can hold them open, and answers with configurable reports.
import { createScheduler } from "../../../runtime/engine/scheduler/scheduler.js";
import type {
  PointWatch,
  RunCause,
  RunReport,
  ScheduledRule,
  ScheduledTrigger,
  Scheduler,
  SchedulerDecision,
  SchedulerOptions,
  ValueDeadbandSpec,
} from "../../../runtime/engine/scheduler/types.js";
import { createFakeTime, type FakeTime } from "../../helpers/fake-time.js";

export class FakeWatch implements PointWatch {
  /** Live values; NaN (unavailable) until a test sets them. */
  readonly values: Float64Array;
  readonly subscriptions: Uint8Array[] = [];
  samples = 0;

  constructor(pointCount: number) {
    this.values = new Float64Array(pointCount).fill(NaN);
  }

  setSubscriptions(bitmap: Uint8Array): void {
    this.subscriptions.push(bitmap);
  }

  sample(): Float64Array {
    this.samples++;
    return this.values;
  }

  /** Indices set in the last bitmap. */
  subscribed(): number[] {
    const last = this.subscriptions.at(-1) ?? new Uint8Array(0);
    return [...last.keys()].filter((i) => last[i] === 1);
  }
}

export interface RunCall<R> {
  rule: R;
  cause: RunCause;
  open: boolean;
  /** Ends a held call with a report (defaults: the runner's report function). */
  settle(report?: Partial<RunReport>): void;
  /** Ends a held call with a rejection. */
  reject(error: unknown): void;
}

export function report(overrides: Partial<RunReport> = {}): RunReport {
  return { success: true, actionsAttempted: 0, actionsSucceeded: 0, shortCircuited: false, reads: new Map(), ...overrides };
}

export class FakeRunner<R extends ScheduledRule = ScheduledRule> {
  readonly calls: RunCall<R>[] = [];
  /** When true, calls stay open until settled by the test. */
  hold = false;
  answer: (rule: R, cause: RunCause) => RunReport | Promise<RunReport> = () => report();
  inFlight = 0;
  maxInFlight = 0;
  /** Times a rule was called while a call of the same rule was open. */
  selfOverlaps = 0;
  private readonly openIds = new Map<number, number>();

  readonly run = (rule: R, cause: RunCause): Promise<RunReport> => {
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    const open = this.openIds.get(rule.id) ?? 0;
    if (open > 0) this.selfOverlaps++;
    this.openIds.set(rule.id, open + 1);
    return new Promise<RunReport>((resolve, reject) => {
      const close = (): boolean => {
        if (!call.open) return false;
        call.open = false;
        this.inFlight--;
        this.openIds.set(rule.id, (this.openIds.get(rule.id) ?? 1) - 1);
        return true;
      };
      const call: RunCall<R> = {
        rule,
        cause,
        open: true,
        settle: (overrides) => {
          if (!close()) return;
          Promise.resolve(this.answer(rule, cause)).then((base) => resolve({ ...base, ...overrides }), reject);
        },
        reject: (error) => {
          if (close()) reject(error);
        },
      };
      this.calls.push(call);
      if (!this.hold) call.settle();
    });
  };

  ids(): number[] {
    return this.calls.map((c) => c.rule.id);
  }

  open(): RunCall<R>[] {
    return this.calls.filter((c) => c.open);
  }

  settleAll(overrides?: Partial<RunReport>): void {
    for (const call of this.open()) call.settle(overrides);
  }
}

export function interval(intervalMs: number): ScheduledTrigger {
  return { kind: "interval", intervalMs };
}

export function onChange(points: number[], options: { timeDeadbandMs?: number; valueDeadband?: ValueDeadbandSpec } = {}): ScheduledTrigger {
  return { kind: "on_change", points, timeDeadbandMs: options.timeDeadbandMs ?? 0, valueDeadband: options.valueDeadband ?? null };
}

export function rule(id: number, trigger: ScheduledTrigger, extra: Partial<ScheduledRule> = {}): ScheduledRule {
  return { id, priority: 0, cooldownMs: 0, enabled: true, trigger, ...extra };
}

export interface Harness {
  time: FakeTime;
  watch: FakeWatch;
  runner: FakeRunner;
  scheduler: Scheduler<ScheduledRule>;
  decisions: SchedulerDecision[];
}

/**
 * A started scheduler at time 0 with fake ports; `options` overrides the defaults. Interval
 * rules first run at the first tick (`first_tick`) unless a test asks for the spread.
 */
export function harness({ rules, ...options }: Partial<SchedulerOptions<ScheduledRule>> & { rules?: ScheduledRule[] } = {}): Harness {
  const time = createFakeTime(0);
  const watch = new FakeWatch(options.pointCount ?? 16);
  const runner = new FakeRunner();
  const decisions: SchedulerDecision[] = [];
  const scheduler = createScheduler<ScheduledRule>({
    clock: time.clock,
    timer: time.timer,
    watch,
    pointCount: 16,
    runner: runner.run,
    onDecision: (d) => decisions.push(d),
    intervalPhase: "first_tick",
    ...options,
  });
  if (rules) scheduler.reload(rules);
  scheduler.start();
  return { time, watch, runner, scheduler, decisions };
}
