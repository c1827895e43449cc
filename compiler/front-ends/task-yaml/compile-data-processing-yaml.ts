// compileDataProcessingYaml: a pack's data-processing YAML file (a task, a binding or a processor
// route, by its `kind`) to its checked document. Phases, each only on a sound input: YAML syntax
// (the rule files' reader: duplicate keys, tags, aliases), the pack-file schema, then the file's
// own semantic rules: checkTask for a task (a task file's `task:` is exactly the
// svc.data-processing-task.v1 document), the processor route check for a route's `processor:`.
// Bindings are checked against their task, route and site by the pack checks. Every diagnostic
// has its JSON Pointer into the file and its span. Pure: text in, values out.
import type { DataProcessingBinding, DataProcessingPackFile, DataProcessingTask, Diagnostic, ProcessorRoute } from "../../../generated/types.js";
import { checkProcessorRoute } from "../../contracts/checks/check-processor-route.js";
import { checkTask } from "../../contracts/checks/check-task.js";
import { pathNoteOf } from "../../contracts/checks/task/notes.js";
import { ContractReport } from "../../contracts/contract-report.js";
import { readYaml } from "../yaml/read-yaml.js";
import { checkPackFileSchema } from "./check-pack-file-schema.js";
import { createFileLocator, type FileLocator } from "./file-locator.js";
import { isDataProcessingKind, MEMBER, type DataProcessingKind } from "./kinds.js";
import { rewordForPackFile } from "./reword.js";

export interface DataProcessingYamlResult {
  /** The file's `kind`, when it names one of the three (even if the file has errors). */
  kind?: DataProcessingKind;
  /** The document (task declaration, binding or route) when the file has no error; warnings allowed. */
  document?: DataProcessingTask | DataProcessingBinding | ProcessorRoute;
  /** The whole file, typed by its kind, when the file has no error. */
  file?: DataProcessingPackFile;
  /** Every problem, in file order, each with a span and (after the syntax phase) a JSON Pointer into the file. */
  diagnostics: Diagnostic[];
}

export function compileDataProcessingYaml(text: string): DataProcessingYamlResult {
  const { src, doc } = readYaml(text);
  if (doc === undefined) return { diagnostics: src.diagnostics.map(rewordForPackFile) };
  const value: unknown = doc.toJS();
  const declared = value !== null && typeof value === "object" ? (value as { kind?: unknown }).kind : undefined;
  const kind = isDataProcessingKind(declared) ? declared : undefined;
  const locator = createFileLocator(text);
  const diagnostics: Diagnostic[] = [];
  const file = checkPackFileSchema(value, locator, diagnostics);
  if (file !== undefined) diagnostics.push(...semanticDiagnostics(file, locator));
  diagnostics.sort((a, b) => (a.span?.start.offset ?? 0) - (b.span?.start.offset ?? 0));
  const ok = file !== undefined && !diagnostics.some((d) => d.severity === "error");
  return { ...(kind === undefined ? {} : { kind }), ...(ok ? { file, document: documentOf(file) } : {}), diagnostics };
}

export function documentOf(file: DataProcessingPackFile): DataProcessingTask | DataProcessingBinding | ProcessorRoute {
  return file.kind === "DataProcessingTask" ? file.task : file.kind === "DataProcessingBinding" ? file.binding : file.route;
}

function semanticDiagnostics(file: DataProcessingPackFile, locator: FileLocator): Diagnostic[] {
  const report = new ContractReport();
  let prefix = `/${MEMBER[file.kind]}`;
  if (file.kind === "DataProcessingTask") checkTask(file.task, {}, report);
  else if (file.kind === "ProcessorRoute") {
    prefix = "/route/processor";
    checkProcessorRoute(file.route.processor, {}, report);
  }
  return report.diagnostics.map((d) => placed(d, prefix, locator));
}

// A check's diagnostic in the file: its path below `prefix`, its span, and its notes' spans.
function placed(diagnostic: Diagnostic, prefix: string, locator: FileLocator): Diagnostic {
  const path = prefix + (diagnostic.path ?? "");
  const span = locator.locate(path);
  const notes = diagnostic.notes?.map((note) => {
    const about = pathNoteOf(note);
    const at = about === undefined ? undefined : locator.locate(prefix + about.path);
    return about === undefined || at === undefined ? note : { message: `${about.message} at line ${at.start.line}, column ${at.start.column}`, span: at };
  });
  return { ...diagnostic, path, ...(span === undefined ? {} : { span }), ...(notes === undefined ? {} : { notes }) };
}
