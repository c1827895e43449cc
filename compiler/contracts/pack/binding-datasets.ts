// A binding's datasets against its task: every covariate dataset the task reads bound exactly
// once, with exactly the fields it reads, each in the unit of the task's feature. The dataset's
// own metadata lives in the covariate source, so the binding's units are the commissioned ones.
import { pointer } from "../contract-report.js";
import type { BindingContext } from "./binding-points.js";
import type { Place } from "./pack-report.js";
import { datasetFields, type FeatureUse } from "./task-references.js";

export function checkBindingDatasets({ binding, task, report }: Omit<BindingContext, "site">): void {
  const required = datasetFields(task.document);
  const bound = new Map<string, string>();
  const datasets = binding.document.datasets ?? [];
  datasets.forEach((entry, i) => {
    const at = (...tokens: Array<string | number>): Place => ({ at: binding, path: pointer("datasets", i, ...tokens) });
    const fields = required.get(entry.dataset_ref);
    if (fields === undefined) {
      report.error(at("dataset_ref"), "binding/extra-dataset", `task '${task.document.id}' reads no dataset ${entry.dataset_ref}; a binding resolves only what its task reads`);
      return;
    }
    const first = bound.get(entry.dataset_ref);
    if (first !== undefined) {
      report.error(at("dataset_ref"), "binding/duplicate-dataset", `${entry.dataset_ref} is bound twice; each dataset reference resolves once`, { notes: [{ message: "it is first bound", place: { at: binding, path: first } }] });
      return;
    }
    bound.set(entry.dataset_ref, pointer("datasets", i, "dataset_ref"));
    const seen = new Set<string>();
    entry.fields.forEach((field, j) => {
      const uses = fields.get(field.field);
      if (uses === undefined) return report.error(at("fields", j, "field"), "binding/extra-field", `task '${task.document.id}' reads no field ${field.field} of ${entry.dataset_ref}`);
      if (seen.has(field.field)) return report.error(at("fields", j, "field"), "binding/duplicate-field", `the field ${field.field} is listed twice`);
      seen.add(field.field);
      for (const use of uses) checkFieldUnit(field.unit, use, at("fields", j, "unit"), `${entry.dataset_ref}.${field.field}`, { binding, task, report });
    });
    for (const [name, uses] of fields) {
      if (seen.has(name)) continue;
      report.error(at("fields"), "binding/missing-field", `task '${task.document.id}' reads the field ${name} of ${entry.dataset_ref} (feature ${uses.map((u) => `'${u.name}'`).join(", ")}), which this binding does not list`);
    }
  });
  for (const [ref, fields] of required) {
    if (bound.has(ref)) continue;
    const features = [...fields.values()].flat().map((u) => `'${u.name}'`).join(", ");
    report.error({ at: binding, path: datasets.length === 0 ? "" : "/datasets" }, "binding/missing-dataset", `task '${task.document.id}' reads the dataset ${ref} (feature ${features}), which this binding does not resolve`);
  }
}

function checkFieldUnit(unit: string, use: FeatureUse, place: Place, field: string, { task, report }: Omit<BindingContext, "site">): void {
  if (unit === use.unit) return;
  report.error(place, "binding/unit-mismatch", `the binding states ${unit} for ${field}, but the task's feature '${use.name}' is in ${use.unit}; the runtime converts nothing`, {
    notes: [{ message: `'${use.name}' is declared in ${use.unit}`, place: { at: task, path: use.unitPath } }],
  });
}
