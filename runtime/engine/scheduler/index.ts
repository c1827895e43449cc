// The scheduler's public surface.
export { createScheduler } from "./scheduler.js";
export { DEFAULT_INTERVAL_MS, sameTrigger, toScheduledTrigger, type ResolvedTrigger } from "./scheduled-trigger.js";
export { realTickTimer, systemClock } from "./real-timer.js";
export type * from "./types.js";
export { phaseDue, type IntervalPhase } from "./interval-phase.js";
