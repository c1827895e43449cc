// Scheduler tick lag (issue 19.6): how late each tick of the injected TickTimer ran. A tick is due
// one period after the previous one ran (or after the timer started): Node's setInterval re-arms
// from when its callback ran, so lag against a fixed grid would add up its drift instead. Lag
// comes from a blocked event loop or a tick that ran longer than its period. Pure: the clock and
// the timer are passed in.
import type { Clock, TickTimer } from "../engine/scheduler/types.js";
import type { ServiceMetrics } from "./service-metrics.js";

/** The same timer, telling `metrics.tickLag` how late (ms, never negative) each tick ran. */
export function measureTickLag(timer: TickTimer, clock: Clock, metrics: Pick<ServiceMetrics, "tickLag">): TickTimer {
  return (periodMs, onTick) => {
    let due = clock.now() + periodMs;
    return timer(periodMs, () => {
      const now = clock.now();
      metrics.tickLag(Math.max(0, now - due));
      due = now + periodMs;
      onTick();
    });
  };
}
