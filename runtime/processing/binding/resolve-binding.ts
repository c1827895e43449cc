// Binding resolution at runtime (spec: "Semantic references are resolved at commissioning;
// resolution fails closed when a reference is unresolved or the unit, scale, offset, point kind or
// sign convention mismatches"). The checks are the pack checks of `svc compile`
// (compiler/contracts/pack), run over the part of the pack one binding depends on: its task (every
// revision of that id, so a second declaration is caught), every binding of its id and revision,
// its route, and the site. Any error refuses the binding; only then is the value built, each
// reference looked up once more so that a gap between the checks and this code fails closed too.
// Pure: documents in, a value or diagnostics out.
import { checkPack, type PackDiagnostic, type PackEntry, type PackInput } from "../../../compiler/contracts/pack/index.js";
import { pointKey } from "../../../compiler/contracts/pack/task-references.js";
import { declaredFeatures, type DeclaredFeature } from "../../../compiler/contracts/task-features.js";
import type { DataProcessingBinding, DataProcessingTask, Diagnostic } from "../../../generated/types.js";
import type { CommissionedFeature, CommissionedSource, CommissionedTask } from "./commissioned-task.js";

export type BindingResolution = { ok: true; commissioned: CommissionedTask; warnings: PackDiagnostic[] } | { ok: false; diagnostics: PackDiagnostic[] };

export function resolveBinding(pack: PackInput, binding: PackEntry<DataProcessingBinding>): BindingResolution {
  const { document } = binding;
  const tasks = pack.tasks.filter((t) => t.document.id === document.task.id);
  const routes = pack.routes.filter((r) => r.document.id === document.route);
  const scope: PackInput = {
    // With no task or route of that id, all of them: the checks then suggest the closest name.
    tasks: tasks.length > 0 ? tasks : pack.tasks,
    bindings: pack.bindings.filter((b) => b.document.id === document.id && b.document.revision === document.revision),
    routes: routes.length > 0 ? routes : pack.routes,
    ...(pack.site === undefined ? {} : { site: pack.site }),
  };
  // A task of another revision that this binding does not commission is no concern of it.
  const found = checkPack(scope).filter((d) => d.diagnostic.code !== "pack/unbound-task");
  if (found.some((d) => d.diagnostic.severity === "error")) return { ok: false, diagnostics: found };
  const task = tasks.find((t) => t.document.revision === document.task.revision);
  const route = routes[0];
  if (task === undefined || route === undefined) return refuse(binding, "binding/unresolved", "the binding's task or route is not in the pack");
  const features: CommissionedFeature[] = [];
  const problems: PackDiagnostic[] = [];
  for (const segment of ["history", "future_covariates"] as const) {
    for (const feature of declaredFeatures(task.document).get(segment)!.values()) {
      const source = sourceOf(feature, document);
      if (source === undefined) {
        problems.push(...refuse(binding, "binding/unresolved", `the binding resolves no source for the feature '${feature.name}'`).diagnostics);
        continue;
      }
      features.push({ name: feature.name, segment, unit: feature.unit!, live_tail: liveTail(task.document, feature), source });
    }
  }
  if (problems.length > 0) return { ok: false, diagnostics: problems };
  return {
    ok: true,
    commissioned: {
      task: task.document,
      binding: { id: document.id, revision: document.revision, enabled: document.enabled, ...(document.artifact === undefined ? {} : { artifact: document.artifact }) },
      route: route.document,
      features,
    },
    warnings: found,
  };
}

function sourceOf(feature: DeclaredFeature, binding: DataProcessingBinding): CommissionedSource | undefined {
  const source = feature.source!;
  if (source.kind === "calendar") return { kind: "calendar", transform: source.transform };
  if (source.kind === "measurement") {
    const entry = (binding.points ?? []).find((p) => pointKey(p) === pointKey(source));
    if (entry === undefined || entry.unit !== feature.unit || entry.scale !== 1 || entry.offset !== 0) return undefined;
    return {
      kind: "measurement",
      point: { instance: entry.instance, point_type: entry.point_type, point: entry.point },
      unit: entry.unit,
      ...(entry.sign_convention === undefined ? {} : { sign_convention: entry.sign_convention }),
      source_ref: `${source.instance_ref}.${source.point_ref}`,
    };
  }
  const dataset = (binding.datasets ?? []).find((d) => d.dataset_ref === source.dataset_ref);
  const field = dataset?.fields.find((f) => f.field === source.field);
  if (dataset === undefined || field === undefined || field.unit !== feature.unit) return undefined;
  return { kind: "covariate", dataset: dataset.dataset, field: field.field, unit: field.unit, source_ref: `${source.dataset_ref}.${source.field}` };
}

/** Grid rule 5: a live tail only where the task allows it, the feature opted in and aggregates `last`. */
function liveTail(task: DataProcessingTask, feature: DeclaredFeature): boolean {
  return task.frame.live_tail === "allowed" && feature.live_tail && feature.aggregation === "last";
}

function refuse(binding: PackEntry<DataProcessingBinding>, code: string, message: string): { ok: false; diagnostics: PackDiagnostic[] } {
  const path = binding.root;
  const span = binding.locate?.(path);
  const diagnostic: Diagnostic = { code, severity: "error", message, path, ...(span === undefined ? {} : { span }) };
  return { ok: false, diagnostics: [{ file: binding.file, diagnostic }] };
}
