// Finds and compiles the files `svc compile` is given: rule DSL (`*.rule`), YAML rule files
// (`*.rule.yaml`, `*.rule.yml`), editor documents (`*.flow.json`) and a pack's data-processing
// files (tasks, bindings and processor routes in YAML). File access lives here, at the edge;
// compiling is the compiler's pure functions.
import { readdir, readFile, stat } from "node:fs/promises";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { compileRuleSource } from "../compiler/front-ends/dsl/index.js";
import { compileFlow } from "../compiler/front-ends/flow-json/index.js";
import { compileDataProcessingYaml, type DataProcessingKind } from "../compiler/front-ends/task-yaml/index.js";
import { compileRuleYaml } from "../compiler/front-ends/yaml/index.js";
import type { RuleMetadata } from "../compiler/lower/compiled-rule.js";
import type { DataProcessingPackFile, Diagnostic, FlowJson, NodesTopology } from "../generated/types.js";
import type { SiteIndex } from "../compiler/site/site-index.js";
import { UsageError } from "./console.js";
import { jsonSyntaxError } from "./json-syntax.js";
import type { SiteFile } from "./site-files.js";

export type SourceKind = "dsl" | "yaml" | "flow" | "data-processing";

/** The directory a file was found in, as given: the pack checks look for the pack's site.yaml below it. */
export interface SearchRoot {
  /** The absolute path. */
  path: string;
  /** As the user gave it. */
  name: string;
}

export interface SourceFile {
  /** The absolute path. */
  path: string;
  /** The name to print: as the user gave it, or joined to the directory they gave. */
  name: string;
  kind: SourceKind;
  /** Set for files found by searching a directory. */
  root?: SearchRoot;
}

export interface CompiledOutput {
  /** The rule's metadata (rule files only; an editor document has none). */
  metadata?: RuleMetadata;
  flow_json: FlowJson;
  nodes_json: NodesTopology;
}

export interface FileResult {
  file: string;
  kind: SourceKind;
  text: string;
  diagnostics: Diagnostic[];
  outputs: CompiledOutput[];
  /** Data-processing files: the file's kind and, when it has no error, its checked content. */
  dataProcessing?: { kind?: DataProcessingKind; file?: DataProcessingPackFile };
  /** The absolute path and search root of the file (for the pack checks and the site lookup). */
  source?: SourceFile;
  /** Rule files: the site.yaml found for the file (whether or not it was compiled with; see `compiledWithSite`). */
  site?: SiteFile;
  /** Rule files: compiled with a site, so the checks against it ran. */
  compiledWithSite?: boolean;
}

const FOUND_IN_DIRECTORIES = /\.(rule|rule\.ya?ml|flow\.json)$/;

// Data-processing files: YAML in a tasks/, bindings/ or routes/ folder, or YAML anywhere whose
// top-level `kind` names one of the three kinds (checked on the text, before parsing). A
// `*.rule.yaml` is always a rule file.
const DATA_PROCESSING_FOLDERS = new Set(["tasks", "bindings", "routes"]);
const DATA_PROCESSING_KIND_LINE = /^kind:[ \t]*(["']?)(DataProcessingTask|DataProcessingBinding|ProcessorRoute)\1[ \t]*(#.*)?$/m;

async function isDataProcessingFile(path: string): Promise<boolean> {
  if (!/\.ya?ml$/.test(path) || /\.rule\.ya?ml$/.test(path)) return false;
  if (DATA_PROCESSING_FOLDERS.has(basename(dirname(path)))) return true;
  const text = await readFile(path, "utf8").catch(() => "");
  return DATA_PROCESSING_KIND_LINE.test(text);
}

/** The kind of a file named explicitly, by its extension. */
export function kindOf(name: string): SourceKind | undefined {
  if (name.endsWith(".rule")) return "dsl";
  if (/\.ya?ml$/.test(name)) return "yaml";
  if (name.endsWith(".json")) return "flow";
  return undefined;
}

/** The rule files named by `paths`; directories are searched recursively, less anything under `exclude`. */
export async function collectSourceFiles(paths: string[], cwd: string, exclude?: string): Promise<SourceFile[]> {
  const files = new Map<string, SourceFile>();
  const excluded = (path: string): boolean => exclude !== undefined && (path === exclude || path.startsWith(exclude + sep));
  for (const given of paths) {
    const path = resolve(cwd, given);
    const info = await stat(path).catch(() => undefined);
    if (info === undefined) throw new UsageError(`no such file or directory: ${given}`);
    if (!info.isDirectory()) {
      const kind = kindOf(given);
      if (kind === undefined) throw new UsageError(`${given}: not a rule file (expected .rule, .yaml/.yml or .json)`);
      files.set(path, { path, name: given, kind: kind === "yaml" && (await isDataProcessingFile(path)) ? "data-processing" : kind });
      continue;
    }
    const root = { path, name: given };
    for (const entry of await readdir(path, { recursive: true, withFileTypes: true })) {
      const found = join(entry.parentPath ?? entry.path, entry.name);
      if (!entry.isFile() || excluded(found) || files.has(found)) continue;
      const name = join(given, relative(path, found));
      if (FOUND_IN_DIRECTORIES.test(entry.name)) files.set(found, { path: found, name, kind: kindOf(entry.name)!, root });
      else if (await isDataProcessingFile(found)) files.set(found, { path: found, name, kind: "data-processing", root });
    }
  }
  return [...files.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Compiles one file; rule files with `site` when given (the checks that need a site run only then). */
export async function compileSourceFileWith(source: SourceFile, site: SiteIndex | undefined): Promise<FileResult> {
  const { path, name, kind } = source;
  const text = await readFile(path, "utf8").catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`cannot read ${name}: ${error.code ?? error.message}`);
  });
  const base = { file: name, kind, text, source };
  const options = site === undefined ? {} : { site };
  if (kind === "data-processing") {
    const result = compileDataProcessingYaml(text);
    const dataProcessing = { ...(result.kind === undefined ? {} : { kind: result.kind }), ...(result.file === undefined ? {} : { file: result.file }) };
    return { ...base, diagnostics: result.diagnostics, outputs: [], dataProcessing };
  }
  if (kind !== "flow") {
    const result = kind === "dsl" ? compileRuleSource(text, options) : compileRuleYaml(text, options);
    const outputs = result.rules.map(({ flow_json, nodes_json, ...metadata }) => ({ metadata, flow_json, nodes_json }));
    return { ...base, diagnostics: result.diagnostics, outputs };
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    return { ...base, diagnostics: [jsonSyntaxError(text, error)], outputs: [] };
  }
  // An editor document alone has no trigger: the checks that need one are not run.
  const result = compileFlow(document, options);
  return result.ok
    ? { ...base, diagnostics: result.warnings, outputs: [{ flow_json: result.flow_json, nodes_json: result.nodes_json }] }
    : { ...base, diagnostics: result.diagnostics, outputs: [] };
}
