// The demo data a start-up seeds for the commissioned tasks of enabled bindings: history of the
// simulated points they read (seed-demo-history.ts) and, when one of them reads the dataset
// `weather-forecast`, the demo weather forecast (sources/covariate-loader.ts). Both are
// idempotent. A failure is logged and the service starts without the seed: demo data is never a
// reason not to serve. Pure: the store is passed in.
import type { SiteModel } from "../../../generated/types.js";
import type { CovariateAppendResult, PointKey, Store } from "../../store/store.js";
import type { CommissionedTask } from "../binding/index.js";
import { seedDemoWeather } from "../sources/covariate-loader.js";
import { DEMO_WEATHER_DATASET } from "../sources/demo-weather.js";
import type { ProcessingLog } from "./compose-processing.js";
import { seedDemoHistory, type DemoHistorySeed } from "./seed-demo-history.js";

export interface DemoSeed {
  /** Undefined when no enabled task reads a measurement, or the seed failed. */
  history?: DemoHistorySeed;
  /** Undefined when no enabled task reads the demo weather dataset, or the seed failed. */
  weather?: CovariateAppendResult;
}

export async function seedDemoData(store: Store, site: SiteModel, commissioned: readonly CommissionedTask[], now: number, log: ProcessingLog): Promise<DemoSeed> {
  const enabled = commissioned.filter((c) => c.binding.enabled);
  const points: PointKey[] = [];
  let weather = false;
  for (const { features } of enabled) {
    for (const { source } of features) {
      if (source.kind === "measurement") points.push(source.point);
      else if (source.kind === "covariate" && source.dataset === DEMO_WEATHER_DATASET) weather = true;
    }
  }
  const seed: DemoSeed = {};
  if (points.length > 0) {
    try {
      seed.history = await seedDemoHistory(store.points, site, points, now);
      const h = seed.history;
      if (h.samples > 0) log.info(`data processing: seeded ${h.samples} samples of demo history for ${h.points} points${h.current > 0 ? ` (${h.current} current already)` : ""}`);
      else if (h.current > 0) log.info(`data processing: demo history is current for ${h.current} points; nothing seeded`);
      if (h.notSimulated.length > 0) log.info(`data processing: not seeded (the site does not simulate them): ${h.notSimulated.join(", ")}`);
    } catch (error) {
      log.error(`data processing: demo history not seeded: ${messageOf(error)}`);
    }
  }
  if (weather) {
    try {
      seed.weather = await seedDemoWeather(store.covariates, now);
      log.info(`data processing: seeded ${seed.weather.inserted} rows of the demo weather forecast (dataset ${DEMO_WEATHER_DATASET}; ${seed.weather.unchanged} stored already)`);
    } catch (error) {
      log.error(`data processing: demo weather forecast not seeded: ${messageOf(error)}`);
    }
  }
  return seed;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
