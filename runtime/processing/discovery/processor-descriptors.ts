// What each route's processor last said it is (its descriptor, from GET /v1/health), kept for the
// discovery entries (issue 16.16): a descriptor stays in use until a newer one replaces it; a
// route is due for a check when it never was checked, when its descriptor is older than
// `freshMs`, or when its last check failed more than `retryMs` ago. The clock is passed in; pure.
import type { ForecastProcessorContract, ProcessorRoute } from "../../../generated/types.js";

export interface DescriptorCheck {
  route: string;
  /** Undefined when the check failed or the processor gave no usable descriptor. */
  descriptor: ForecastProcessorContract | undefined;
}

export interface ProcessorDescriptors {
  /** The latest descriptor of each route's processor, by route id. */
  known(): ReadonlyMap<string, ForecastProcessorContract>;
  /** The routes to check now. */
  due(routes: readonly ProcessorRoute[], now: number): ProcessorRoute[];
  record(checks: readonly DescriptorCheck[], at: number): void;
}

export const DESCRIPTOR_FRESH_MS = 60_000;
export const DESCRIPTOR_RETRY_MS = 10_000;

export function createProcessorDescriptors(freshMs = DESCRIPTOR_FRESH_MS, retryMs = DESCRIPTOR_RETRY_MS): ProcessorDescriptors {
  const known = new Map<string, ForecastProcessorContract>();
  const checked = new Map<string, { at: number; ok: boolean }>();
  return {
    known: () => known,
    due: (routes, now) =>
      routes.filter((route) => {
        const last = checked.get(route.id);
        return last === undefined || now - last.at >= (last.ok ? freshMs : retryMs);
      }),
    record(checks, at) {
      for (const { route, descriptor } of checks) {
        checked.set(route, { at, ok: descriptor !== undefined });
        if (descriptor !== undefined) known.set(route, descriptor);
      }
    },
  };
}
