// Load of the real scheduler: `rules` enabled interval rules of 1 s, a trivial async runner, and
// the real 100 ms timer for `seconds`. The share of one core is the process's CPU time (user +
// system) over the wall time of the window.
import { performance } from "node:perf_hooks";
import { realTickTimer, systemClock } from "../runtime/engine/scheduler/real-timer.js";
import { createScheduler } from "../runtime/engine/scheduler/scheduler.js";
import type { PointWatch, RunReport, ScheduledRule, TickTimer } from "../runtime/engine/scheduler/types.js";

export interface SchedulerLoad {
  /** CPU time of the process over wall time: 1 is one core fully busy. */
  cpuShare: number;
  ticks: number;
  executions: number;
}

const REPORT: RunReport = { success: true, actionsAttempted: 0, actionsSucceeded: 0, shortCircuited: false, reads: new Map() };
const NO_POINTS: PointWatch = { setSubscriptions: () => undefined, sample: () => new Float64Array(0) };

export async function measureSchedulerLoad(options: { rules: number; seconds: number }): Promise<SchedulerLoad> {
  let ticks = 0;
  const countingTimer: TickTimer = (periodMs, onTick) =>
    realTickTimer(periodMs, () => {
      ticks++;
      onTick();
    });
  const scheduler = createScheduler<ScheduledRule>({
    clock: systemClock,
    timer: countingTimer,
    watch: NO_POINTS,
    pointCount: 0,
    runner: async () => REPORT,
  });
  scheduler.reload(
    Array.from({ length: options.rules }, (_, i) => ({ id: i + 1, priority: 0, cooldownMs: 0, enabled: true, trigger: { kind: "interval", intervalMs: 1000 } })),
  );
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  scheduler.start();
  await new Promise((resolve) => setTimeout(resolve, options.seconds * 1000));
  await scheduler.stop();
  const cpu = process.cpuUsage(cpuBefore);
  const wallMs = performance.now() - wallBefore;
  return { cpuShare: (cpu.user + cpu.system) / 1000 / wallMs, ticks, executions: scheduler.status().executions };
}
