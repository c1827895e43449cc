// A binding's points against its task and the site (spec: "resolution fails closed when a
// reference is unresolved or the unit, scale, offset, point kind or sign convention mismatches"):
// every measured reference of the task bound exactly once, to a measurement of the site, with the
// site point's unit (which must also be the task feature's), scale 1 and offset 0, and the site
// point's sign convention (which, for the target, must also be the task's).
import type { DataProcessingBinding, DataProcessingTask, PointBinding } from "../../../generated/types.js";
import { pointer } from "../contract-report.js";
import { siteUnitAsTaskUnit } from "../units.js";
import type { PackEntry, PackSite } from "./pack-input.js";
import { type PackNote, type PackReport, type Place } from "./pack-report.js";
import { listMeasurements, resolvePoint, type ResolvedPoint } from "./site-points.js";
import { measuredPoints, pointKey, semanticPoint, type MeasuredPoint } from "./task-references.js";

export interface BindingContext {
  binding: PackEntry<DataProcessingBinding>;
  task: PackEntry<DataProcessingTask>;
  site: PackSite | undefined;
  report: PackReport;
}

export function checkBindingPoints(context: BindingContext): void {
  const { binding, report } = context;
  const required = measuredPoints(context.task.document);
  const bound = new Map<string, string>();
  const points = binding.document.points ?? [];
  points.forEach((entry, i) => {
    const at = (...tokens: Array<string | number>): Place => ({ at: binding, path: pointer("points", i, ...tokens) });
    const key = pointKey(entry);
    const wanted = required.get(key);
    if (wanted === undefined) {
      report.error(at("point_ref"), "binding/extra-point", `task '${context.task.document.id}' reads no measurement ${semanticPoint(entry)}; a binding resolves only what its task reads`);
      return;
    }
    const first = bound.get(key);
    if (first !== undefined) {
      report.error(at(), "binding/duplicate-point", `${semanticPoint(entry)} is bound twice; each reference resolves to exactly one point`, { notes: [{ message: "it is first bound", place: { at: binding, path: first } }] });
      return;
    }
    bound.set(key, pointer("points", i));
    const resolved = resolveOnSite(context, entry, at);
    if (resolved !== undefined) checkCommissioned(context, entry, at, wanted, resolved);
  });
  for (const wanted of required.values()) {
    if (bound.has(pointKey(wanted))) continue;
    const features = wanted.features.map((f) => `'${f.name}'`).join(", ");
    report.error({ at: binding, path: points.length === 0 ? "" : "/points" }, "binding/missing-point", `task '${context.task.document.id}' reads ${semanticPoint(wanted)} (feature ${features}), which this binding does not resolve to a site point`);
  }
}

function resolveOnSite(context: BindingContext, entry: PointBinding, at: (...tokens: Array<string | number>) => Place): ResolvedPoint | undefined {
  const { site, report } = context;
  if (site === undefined || site.site === undefined) {
    const why = site === undefined ? "the pack has no site.yaml" : `${site.file} has errors`;
    report.error(at("instance"), "binding/unresolved-point", `${semanticPoint(entry)} cannot be resolved: ${why}`);
    return undefined;
  }
  const resolution = resolvePoint(site.site, entry.instance, entry.point);
  if (resolution.ok) return resolution.resolved;
  if (resolution.problem === "instance") {
    report.error(at("instance"), "binding/unresolved-point", `${site.file} has no instance ${entry.instance}, so ${semanticPoint(entry)} resolves to nothing`);
  } else {
    const instance = resolution.instance!;
    report.error(at("point"), "binding/unresolved-point", `instance ${entry.instance} (${instance.name}) of ${site.file} has no measurement ${entry.point}; its measurements: ${listMeasurements(instance)}`);
  }
  return undefined;
}

function checkCommissioned(context: BindingContext, entry: PointBinding, at: (...tokens: Array<string | number>) => Place, wanted: MeasuredPoint, resolved: ResolvedPoint): void {
  const { report, task, binding } = context;
  const site = context.site!;
  const sitePlace = (token: string | undefined): Place => ({ at: site, path: token === undefined ? resolved.path : `${resolved.path}/${token}` });
  const siteUnit = siteUnitAsTaskUnit(resolved.point.unit);
  const pointText = `site point measurement(${entry.instance}, ${entry.point}) '${resolved.point.name}'`;
  const siteNote = (token: string | undefined, what: string): PackNote => ({ message: `${pointText} ${what}`, place: sitePlace(token) });
  if (entry.unit !== siteUnit) {
    report.error(at("unit"), "binding/unit-mismatch", `the binding states ${entry.unit} for ${semanticPoint(entry)}, but ${pointText} is in ${siteUnit}; the runtime converts nothing`, {
      notes: [siteNote("unit", `is in ${siteUnit}`)],
    });
  }
  for (const feature of wanted.features) {
    if (feature.unit === siteUnit) continue;
    report.error({ at: task, path: feature.unitPath }, "binding/unit-mismatch", `the feature '${feature.name}' is declared in ${feature.unit}, but the commissioned point it reads is in ${siteUnit}; the runtime converts nothing, so the task's unit must be the point's`, {
      notes: [
        { message: `binding '${binding.document.id}' resolves ${semanticPoint(entry)} to ${pointText}`, place: at("unit") },
        siteNote("unit", `is in ${siteUnit}`),
      ],
    });
  }
  if (entry.scale !== 1) report.error(at("scale"), "binding/scale-offset", `the scale of ${semanticPoint(entry)} is ${entry.scale}; the runtime converts nothing, so the scale is 1 (commission the point in the task's unit)`);
  if (entry.offset !== 0) report.error(at("offset"), "binding/scale-offset", `the offset of ${semanticPoint(entry)} is ${entry.offset}; the runtime converts nothing, so the offset is 0 (commission the point in the task's unit)`);
  checkSignConvention(context, entry, at, resolved, siteNote);
}

function checkSignConvention(context: BindingContext, entry: PointBinding, at: (...tokens: Array<string | number>) => Place, resolved: ResolvedPoint, siteNote: (token: string | undefined, what: string) => PackNote): void {
  const { report, task, binding } = context;
  const stated = entry.sign_convention;
  const onSite = resolved.point.sign_convention;
  const where = stated === undefined ? at() : at("sign_convention");
  // A site point without a sign convention has no direction: a binding may say so with "none".
  if (stated !== onSite && !(stated === "none" && onSite === undefined)) {
    const site = onSite === undefined ? "declares no sign convention" : `is ${onSite}`;
    report.error(where, "binding/sign-convention-mismatch", `the binding states ${stated ?? "no sign convention"} for ${semanticPoint(entry)}, but the site point ${site}`, {
      notes: [siteNote(onSite === undefined ? undefined : "sign_convention", onSite === undefined ? "declares none" : `is ${onSite}`)],
    });
  }
  const target = task.document.target;
  if (semanticPoint(entry) !== target.semantic_point) return;
  const commissioned = onSite ?? stated;
  if (target.sign_convention === "none") {
    // A quantity without a direction (a temperature, a percentage): its point states none, or says "none".
    if (commissioned !== undefined && commissioned !== "none") {
      report.error({ at: task, path: "/target/sign_convention" }, "binding/sign-convention-mismatch", `the target is declared without a direction (none), but the commissioned point is ${commissioned}`, {
        notes: [{ message: `binding '${binding.document.id}' resolves ${semanticPoint(entry)}`, place: where }],
      });
    }
    return;
  }
  if (commissioned === undefined) {
    report.error(where, "binding/sign-convention-mismatch", `${semanticPoint(entry)} is the target of task '${task.document.id}' (${target.sign_convention}); its binding and site point state no sign convention, so it cannot be verified`);
  } else if (commissioned !== target.sign_convention) {
    report.error({ at: task, path: "/target/sign_convention" }, "binding/sign-convention-mismatch", `the target is declared ${target.sign_convention}, but the commissioned point is ${commissioned}; the runtime converts nothing`, {
      notes: [{ message: `binding '${binding.document.id}' resolves ${semanticPoint(entry)}`, place: where }],
    });
  }
}
