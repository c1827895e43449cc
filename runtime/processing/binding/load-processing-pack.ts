// A pack's data-processing files and site model, as texts, to the pack checks' input: each file
// compiled by the pack-file front end (YAML syntax, schema, the file's own rules) and the site by
// loadSite. Fails closed: with any error in any file, no pack (a broken file could be the task a
// binding needs, or a second declaration of it). Reading the files is the caller's (runtime/main.ts).
// Pure: texts in, values out.
import type { PackDiagnostic, PackEntry, PackInput, PackSite } from "../../../compiler/contracts/pack/index.js";
import { compileDataProcessingYaml, createFileLocator } from "../../../compiler/front-ends/task-yaml/index.js";
import type { DataProcessingBinding, DataProcessingTask, ProcessorRoute, SiteModel } from "../../../generated/types.js";
import { loadSite } from "../../points/load-site.js";

export interface PackText {
  /** The file's name, as diagnostics print it. */
  file: string;
  text: string;
}

/** The site as text (site.yaml), or as a model the caller has loaded already. */
export type PackSiteSource = PackText | { file: string; model: SiteModel };

export type LoadedPack = { ok: true; pack: PackInput; warnings: PackDiagnostic[] } | { ok: false; diagnostics: PackDiagnostic[] };

export function loadProcessingPack(files: readonly PackText[], site?: PackSiteSource): LoadedPack {
  const diagnostics: PackDiagnostic[] = [];
  const tasks: Array<PackEntry<DataProcessingTask>> = [];
  const bindings: Array<PackEntry<DataProcessingBinding>> = [];
  const routes: Array<PackEntry<ProcessorRoute>> = [];
  for (const { file, text } of files) {
    const compiled = compileDataProcessingYaml(text);
    for (const diagnostic of compiled.diagnostics) diagnostics.push({ file, diagnostic: withSource(diagnostic, file) });
    const pack = compiled.file;
    if (pack === undefined) continue;
    const at = { file, locate: createFileLocator(text).locate };
    if (pack.kind === "DataProcessingTask") tasks.push({ ...at, root: "/task", document: pack.task });
    else if (pack.kind === "DataProcessingBinding") bindings.push({ ...at, root: "/binding", document: pack.binding });
    else routes.push({ ...at, root: "/route", document: pack.route });
  }
  let packSite: PackSite | undefined;
  if (site !== undefined && "model" in site) packSite = { file: site.file, root: "", site: site.model };
  else if (site !== undefined) {
    const loaded = loadSite(site.text, site.file);
    for (const diagnostic of loaded.diagnostics) diagnostics.push({ file: site.file, diagnostic });
    packSite = { file: site.file, root: "", site: loaded.site, locate: createFileLocator(site.text).locate };
  }
  if (diagnostics.some((d) => d.diagnostic.severity === "error")) return { ok: false, diagnostics };
  return { ok: true, pack: { tasks, bindings, routes, ...(packSite === undefined ? {} : { site: packSite }) }, warnings: diagnostics };
}

function withSource(diagnostic: PackDiagnostic["diagnostic"], file: string): PackDiagnostic["diagnostic"] {
  return diagnostic.span === undefined || diagnostic.span.source !== undefined ? diagnostic : { ...diagnostic, span: { ...diagnostic.span, source: file } };
}
