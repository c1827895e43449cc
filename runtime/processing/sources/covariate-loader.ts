// Loading covariate rows into the store: a covariate file (parsed by covariate-file.ts, whole or
// not at all) or the demo weather for the days around a start-up time. The store is injected;
// reading the file is the caller's.
import type { Diagnostic } from "../../../generated/types.js";
import type { CovariateAppendResult, CovariateStore } from "../../store/store.js";
import { parseCovariateFile, type CovariateFileFormat } from "./covariate-file.js";
import { DEMO_WEATHER_DATASET, generateDemoWeather } from "./demo-weather.js";

export type CovariateAppender = Pick<CovariateStore, "append">;

export type CovariateLoad = ({ ok: true } & CovariateAppendResult) | { ok: false; diagnostics: Diagnostic[] };

/** Parses the file and stores its rows under `dataset`; with any error in the file, stores nothing. The store's CovariateConflictError propagates. */
export async function loadCovariateFile(store: CovariateAppender, input: { dataset: string; file: string; text: string; format?: CovariateFileFormat; loadedAt: number }): Promise<CovariateLoad> {
  const parsed = parseCovariateFile(input.text, { file: input.file, ...(input.format === undefined ? {} : { format: input.format }) });
  if (parsed.rows.length === 0) return { ok: false, diagnostics: parsed.diagnostics };
  const result = await store.append(
    parsed.rows.map((row) => ({ dataset: input.dataset, ...row })),
    input.loadedAt,
  );
  return { ok: true, ...result };
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * Seeds the demo weather forecast for `now`: labels from two days before to seven days after,
 * issued every 6 hours with a 48-hour horizon. Issues after a frame's as_of are never read, so the
 * seed keeps the demo forecast current for a week; seeding again (a restart) stores only what is
 * new, since the generator is deterministic.
 */
export async function seedDemoWeather(store: CovariateAppender, now: number): Promise<CovariateAppendResult> {
  const day = Math.floor(now / DAY_MS) * DAY_MS;
  const rows = generateDemoWeather(day - 2 * DAY_MS, day + 7 * DAY_MS, 6 * HOUR_MS, { horizonMs: 48 * HOUR_MS });
  return store.append(
    rows.map((row) => ({ dataset: DEMO_WEATHER_DATASET, ...row })),
    now,
  );
}
