// The demo pack as the data-processing tests use it: commissioned from examples/packs/demo, and
// frame sources faked with a complete synthetic week (minute samples on a daily curve for every
// measured feature, a weather forecast issued an hour before as_of).
import { readFileSync } from "node:fs";
import { commissionPack, loadProcessingPack, type CommissionedPack, type CommissionedTask, type PackText } from "../../runtime/processing/binding/index.js";
import type { CovariateRow, RawSample } from "../../runtime/processing/frame/frame-input.js";
import type { SourceSnapshot } from "../../runtime/processing/sources/index.js";
import { fromRoot } from "./paths.js";

const DEMO = "examples/packs/demo";
const FILES = ["tasks/site-load-forecast.yaml", "tasks/pv-forecast.yaml", "bindings/site-load-main.yaml", "bindings/pv-main.yaml", "routes/reference-forecast.yaml", "site.yaml"];


/** The demo pack, commissioned; `change` may rewrite each commissioned task (its task, binding or route). */
export function demoPack(change: (c: CommissionedTask) => CommissionedTask = (c) => c): CommissionedPack {
  const read = (file: string): PackText => ({ file, text: readFileSync(fromRoot(DEMO, file), "utf8") });
  const files = FILES.map(read);
  const loaded = loadProcessingPack(files.slice(0, -1), files[files.length - 1]!);
  if (!loaded.ok) throw new Error(JSON.stringify(loaded.diagnostics));
  const pack = commissionPack(loaded.pack);
  if (pack.refused.length > 0) throw new Error(JSON.stringify(pack.refused));
  return { ...pack, commissioned: pack.commissioned.map(change) };
}

/** A complete week of minute samples on a daily curve for every measured feature, and a weather forecast issued an hour before as_of. */
export function syntheticSources(c: CommissionedTask, asOf: number, horizonSteps: number): SourceSnapshot {
  const cadenceMs = c.task.frame.cadence_seconds * 1000;
  const history: Record<string, RawSample[]> = {};
  const covariates: Record<string, CovariateRow[]> = {};
  const sourceRefs: Record<string, string> = {};
  const from = asOf - c.task.frame.history_steps * cadenceMs;
  for (const f of c.features) {
    if (f.source.kind === "calendar") continue;
    sourceRefs[f.name] = f.source.source_ref;
    if (f.source.kind === "measurement") {
      const samples: RawSample[] = [];
      for (let t = from + 60_000, seq = 0; t <= asOf; t += 60_000) samples.push({ t, v: 300 + 100 * Math.sin((t / 86_400_000) * 2 * Math.PI), seq: seq++ });
      history[f.name] = samples;
    } else {
      const labels = f.segment === "history" ? c.task.frame.history_steps : horizonSteps;
      const first = f.segment === "history" ? from + cadenceMs : asOf + cadenceMs;
      covariates[f.name] = Array.from({ length: labels }, (_, i) => ({ t: first + i * cadenceMs, v: 10 + (i % 24), issuedAt: asOf - 3_600_000 }));
    }
  }
  return { history, live: {}, covariates, sourceRefs };
}
