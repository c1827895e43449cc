// The demo site's simulated history, as `npm start` seeds it: the commissioned demo tasks
// (examples/packs/demo) and, for each task's target point, seedDemoHistory's 1-minute samples of
// the site's own simulation (runtime/points/virtual/simulate.ts, the point's fixed seed), here
// into a store of one array instead of the service's store, then aggregated into the task's
// 15-minute cells by the frame assembly's own measurementCells. Deterministic: the same `end`
// gives the same cells on every machine.
import { readdirSync, readFileSync } from "node:fs";
import type { DataProcessingTask } from "../../generated/types.js";
import { commissionPack, loadProcessingPack, type PackText } from "../../runtime/processing/binding/index.js";
import { seedDemoHistory } from "../../runtime/processing/compose/index.js";
import type { RawSample } from "../../runtime/processing/frame/frame-input.js";
import { measurementCells } from "../../runtime/processing/frame/measurement-cells.js";
import type { PointKey, PointSample } from "../../runtime/store/store.js";
import { fromRoot } from "../../test/helpers/paths.js";

const DEMO = "examples/packs/demo";

export interface DemoTarget {
  task: DataProcessingTask;
  /** The target's cells, oldest first, labels end - (steps - 1) * cadence ... end; null is missing. */
  cells: Array<number | null>;
}

/** Each commissioned demo task's target history over `steps` cells ending at `end` (a multiple of the cadence). */
export async function demoTargets(end: number, steps: number): Promise<DemoTarget[]> {
  const read = (file: string): PackText => ({ file, text: readFileSync(fromRoot(DEMO, file), "utf8") });
  const files = ["tasks", "bindings", "routes"].flatMap((dir) => readdirSync(fromRoot(DEMO, dir)).filter((f) => f.endsWith(".yaml")).map((f) => read(`${dir}/${f}`)));
  const loaded = loadProcessingPack(files, read("site.yaml"));
  if (!loaded.ok) throw new Error(`the demo pack does not load: ${JSON.stringify(loaded.diagnostics)}`);
  const site = loaded.pack.site?.site;
  if (site === undefined) throw new Error("the demo pack has no site model");
  const pack = commissionPack(loaded.pack);
  if (pack.refused.length > 0) throw new Error(`demo bindings refused: ${JSON.stringify(pack.refused)}`);

  const targets = pack.commissioned.map((c) => {
    const feature = c.features.find((f) => f.name === c.task.target.name);
    if (feature?.source.kind !== "measurement") throw new Error(`${c.task.id}: the target is not a measured feature`);
    return { task: c.task, point: feature.source.point };
  });
  const cadenceMs = Math.max(...targets.map((t) => t.task.frame.cadence_seconds)) * 1000;
  const spanMs = steps * cadenceMs + 3_600_000; // an hour before the first cell, as the service seeds
  const samples: PointSample[] = [];
  const seeded = await seedDemoHistory(
    { append: async (rows) => void samples.push(...rows), range: async () => [], valueAt: async () => Number.NaN },
    site,
    targets.map((t) => t.point),
    end,
    { spanMs },
  );
  if (seeded.notSimulated.length > 0) throw new Error(`the demo site does not simulate ${seeded.notSimulated.join(", ")}`);

  return targets.map(({ task, point }) => {
    const raw: RawSample[] = samples.filter((s) => samePoint(s, point)).map((s, seq) => ({ t: s.at, v: s.value, seq }));
    const policy = task.alignment.feature_policies?.find((f) => f.name === task.target.name);
    const aggregation = policy?.aggregation ?? task.alignment.aggregation;
    const duplicatePolicy = policy?.duplicate_policy ?? task.alignment.duplicate_policy;
    const spec = { asOf: end, steps, cadenceMs: task.frame.cadence_seconds * 1000, aggregation, duplicatePolicy, liveTail: false };
    return { task, cells: measurementCells(raw, spec, undefined).values };
  });
}

function samePoint(sample: PointSample, point: PointKey): boolean {
  return sample.instance === point.instance && sample.point_type === point.point_type && sample.point === point.point;
}
