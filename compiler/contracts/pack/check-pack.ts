// The pack checks: what no single file can know. Task (id, revision), binding (id, revision) and
// route ids are unique; each binding names a task revision and a route of the pack, resolves
// every reference of its task to the site with matching metadata, and its route can run the task.
// Resolution fails closed: every mismatch is an error. Pure: documents in, diagnostics out.
import { closestName } from "../../../generated/index.js";
import type { DataProcessingBinding, DataProcessingTask } from "../../../generated/types.js";
import { checkBindingDatasets } from "./binding-datasets.js";
import { checkBindingPoints } from "./binding-points.js";
import { checkBindingRoute } from "./binding-route.js";
import type { PackDiagnostic, PackEntry, PackInput } from "./pack-input.js";
import { PackReport } from "./pack-report.js";

export function checkPack(pack: PackInput): PackDiagnostic[] {
  const report = new PackReport();
  unique(report, pack.tasks, (t) => `${t.id}@${t.revision}`, "pack/duplicate-task", (t) => `task '${t.id}' revision ${t.revision} is declared twice; a new declaration needs a new revision`);
  unique(report, pack.bindings, (b) => `${b.id}@${b.revision}`, "pack/duplicate-binding", (b) => `binding '${b.id}' revision ${b.revision} is declared twice`);
  unique(report, pack.routes, (r) => r.id, "pack/duplicate-route", (r) => `route '${r.id}' is declared twice`);
  for (const binding of pack.bindings) checkBinding(pack, binding, report);
  for (const task of pack.tasks) {
    const { id, revision } = task.document;
    if (!pack.bindings.some((b) => b.document.task.id === id && b.document.task.revision === revision)) {
      // Not an error: a pack may ship a task that is commissioned elsewhere. But it cannot run here.
      report.warning({ at: task, path: "/id" }, "pack/unbound-task", `no binding of this pack commissions task '${id}' revision ${revision}, so it cannot run; add one in bindings/`);
    }
  }
  return report.found;
}

function unique<T extends { id: string }>(report: PackReport, entries: ReadonlyArray<PackEntry<T>>, key: (d: T) => string, code: string, message: (d: T) => string): void {
  const first = new Map<string, PackEntry<T>>();
  for (const entry of entries) {
    const earlier = first.get(key(entry.document));
    if (earlier === undefined) first.set(key(entry.document), entry);
    else report.error({ at: entry, path: "/id" }, code, message(entry.document), { notes: [{ message: "it is first declared", place: { at: earlier, path: "/id" } }] });
  }
}

function checkBinding(pack: PackInput, binding: PackEntry<DataProcessingBinding>, report: PackReport): void {
  const task = findTask(pack, binding, report);
  const route = pack.routes.find((r) => r.document.id === binding.document.route);
  if (route === undefined) {
    const meant = closestName(binding.document.route, pack.routes.map((r) => r.document.id));
    report.error({ at: binding, path: "/route" }, "binding/unknown-route", `the pack has no processor route '${binding.document.route}'${pack.routes.length === 0 ? " (it has no routes/ files)" : ""}`, {
      suggestion: meant === undefined ? undefined : `did you mean '${meant}'?`,
    });
  }
  if (task === undefined) return;
  const context = { binding, task, site: pack.site, report };
  checkBindingPoints(context);
  checkBindingDatasets(context);
  if (route !== undefined) checkBindingRoute(context, route);
}

function findTask(pack: PackInput, binding: PackEntry<DataProcessingBinding>, report: PackReport): PackEntry<DataProcessingTask> | undefined {
  const { id, revision } = binding.document.task;
  const task = pack.tasks.find((t) => t.document.id === id && t.document.revision === revision);
  if (task !== undefined) return task;
  const revisions = pack.tasks.filter((t) => t.document.id === id).map((t) => t.document.revision);
  if (revisions.length > 0) {
    report.error({ at: binding, path: "/task/revision" }, "binding/unknown-task", `the pack has task '${id}' in revision ${revisions.sort((a, b) => a - b).join(", ")}, not ${revision}`);
  } else {
    const meant = closestName(id, pack.tasks.map((t) => t.document.id));
    report.error({ at: binding, path: "/task/id" }, "binding/unknown-task", `the pack has no task '${id}'`, { suggestion: meant === undefined ? undefined : `did you mean '${meant}'?` });
  }
  return undefined;
}
