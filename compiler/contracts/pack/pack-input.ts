// What the pack checks read: every task, binding and route file of one pack, and its site model.
// Each document comes with its file name, where it sits in the file, and (optionally) a locator,
// so a diagnostic can name the file, the JSON Pointer and the line and column. Pure data.
import type { DataProcessingBinding, DataProcessingTask, Diagnostic, ProcessorRoute, SiteModel, SourceSpan } from "../../../generated/types.js";

/** Where a document lives: its file and, inside it, the JSON Pointer of the document. */
export interface Located {
  /** The file's name, as printed (e.g. `examples/packs/demo/tasks/pv-forecast.yaml`). */
  file: string;
  /** The document's JSON Pointer in the file: `/task`, `/binding`, `/route`; `` for the site. */
  root: string;
  /** The span of a JSON Pointer into the file; without it, diagnostics carry paths only. */
  locate?: (pointer: string) => SourceSpan | undefined;
}

export interface PackEntry<T> extends Located {
  document: T;
}

export interface PackSite extends Located {
  /** The site model; undefined when site.yaml has errors (they are reported where it is loaded). */
  site: SiteModel | undefined;
}

export interface PackInput {
  tasks: ReadonlyArray<PackEntry<DataProcessingTask>>;
  bindings: ReadonlyArray<PackEntry<DataProcessingBinding>>;
  routes: ReadonlyArray<PackEntry<ProcessorRoute>>;
  /** The pack's site.yaml; absent when the pack has none. */
  site?: PackSite;
}

/** A diagnostic of the pack checks, in the file it is about (path and span are that file's). */
export interface PackDiagnostic {
  file: string;
  diagnostic: Diagnostic;
}
