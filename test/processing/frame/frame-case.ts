// A frame-assembly golden case (test/golden/frames/<case>/input.json) as a FrameInput. The file
// is written for people: times are wire strings, `seq` defaults to the sample's position in its
// list (list order is write order), non-finite values are the strings "NaN", "Infinity" and
// "-Infinity", and the task is a file of the repository plus an RFC 7386 merge patch, or inline.
import { readFileSync } from "node:fs";
import { parseUtcTime } from "../../../compiler/contracts/utc-time.js";
import type { DataProcessingTask } from "../../../generated/types.js";
import type { CovariateRow, FrameInput, LiveValue, RawSample } from "../../../runtime/processing/frame/frame-input.js";
import { fromRoot } from "../../helpers/paths.js";

type Num = number | "NaN" | "Infinity" | "-Infinity";

export interface FrameCase {
  /** A path from the repository root, or the task itself. */
  task: string | DataProcessingTask;
  task_patch?: unknown;
  as_of: string;
  horizon_steps: number;
  history?: Record<string, Array<{ t: string; v: Num; seq?: number }>>;
  live?: Record<string, { t: string; v: Num }>;
  covariates?: Record<string, Array<{ t: string; v: Num; issued_at: string }>>;
  source_refs?: Record<string, string>;
}

/** Epoch ms of a wire time; as_of may be deliberately off the grid, never malformed. */
export function ms(text: string): number {
  const at = parseUtcTime(text);
  if (at === undefined) throw new Error(`not a UTC time: ${text}`);
  return at;
}

const num = (v: Num): number => (typeof v === "number" ? v : Number(v));

export function caseTask(file: FrameCase): DataProcessingTask {
  const base = typeof file.task === "string" ? (JSON.parse(readFileSync(fromRoot(file.task), "utf8")) as unknown) : file.task;
  return (file.task_patch === undefined ? base : mergePatch(base, file.task_patch)) as DataProcessingTask;
}

export function toFrameInput(file: FrameCase): FrameInput {
  const map = <A, B>(record: Record<string, A> | undefined, f: (a: A) => B): Record<string, B> | undefined =>
    record === undefined ? undefined : Object.fromEntries(Object.entries(record).map(([k, a]) => [k, f(a)]));
  const input: FrameInput = { task: caseTask(file), asOf: ms(file.as_of), horizonSteps: file.horizon_steps };
  const history = map(file.history, (list) => list.map((s, i): RawSample => ({ t: ms(s.t), v: num(s.v), seq: s.seq ?? i })));
  const live = map(file.live, (l): LiveValue => ({ t: ms(l.t), v: num(l.v) }));
  const covariates = map(file.covariates, (list) => list.map((r): CovariateRow => ({ t: ms(r.t), v: num(r.v), issuedAt: ms(r.issued_at) })));
  if (history !== undefined) input.history = history;
  if (live !== undefined) input.live = live;
  if (covariates !== undefined) input.covariates = covariates;
  if (file.source_refs !== undefined) input.sourceRefs = file.source_refs;
  return input;
}

/** RFC 7386: objects merge member by member, null deletes, anything else replaces. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (patch === null || typeof patch !== "object" || Array.isArray(patch)) return patch;
  const out: Record<string, unknown> = target !== null && typeof target === "object" && !Array.isArray(target) ? { ...(target as Record<string, unknown>) } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = mergePatch(out[key], value);
  }
  return out;
}
