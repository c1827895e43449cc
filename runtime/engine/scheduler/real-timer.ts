// The edge of the scheduler: real time. The only file of the scheduler that may read the system
// clock or use setInterval; everything else takes a Clock and a TickTimer.
import type { Clock, TickTimer } from "./types.js";

export const systemClock: Clock = { now: () => Date.now() };

export const realTickTimer: TickTimer = (periodMs, onTick) => {
  const handle = setInterval(onTick, periodMs);
  return () => clearInterval(handle);
};
