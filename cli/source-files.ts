// Finds and compiles the files `svc compile` is given: rule DSL (`*.rule`), YAML rule files
// (`*.rule.yaml`, `*.rule.yml`) and editor documents (`*.flow.json`). File access lives here, at
// the edge; compiling is the compiler's pure functions.
import { readdir, readFile, stat } from "node:fs/promises";
import { join, relative, resolve, sep } from "node:path";
import { compileRuleSource } from "../compiler/front-ends/dsl/index.js";
import { compileFlow } from "../compiler/front-ends/flow-json/index.js";
import { compileRuleYaml } from "../compiler/front-ends/yaml/index.js";
import type { RuleMetadata } from "../compiler/lower/compiled-rule.js";
import type { Diagnostic, FlowJson, NodesTopology } from "../generated/types.js";
import { UsageError } from "./console.js";
import { jsonSyntaxError } from "./json-syntax.js";

export type SourceKind = "dsl" | "yaml" | "flow";

export interface SourceFile {
  /** The absolute path. */
  path: string;
  /** The name to print: as the user gave it, or joined to the directory they gave. */
  name: string;
  kind: SourceKind;
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
}

const FOUND_IN_DIRECTORIES = /\.(rule|rule\.ya?ml|flow\.json)$/;

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
      files.set(path, { path, name: given, kind });
      continue;
    }
    for (const entry of await readdir(path, { recursive: true, withFileTypes: true })) {
      const found = join(entry.parentPath ?? entry.path, entry.name);
      if (entry.isFile() && FOUND_IN_DIRECTORIES.test(entry.name) && !excluded(found) && !files.has(found)) {
        files.set(found, { path: found, name: join(given, relative(path, found)), kind: kindOf(entry.name)! });
      }
    }
  }
  return [...files.values()].sort((a, b) => a.name.localeCompare(b.name));
}

export async function compileSourceFile({ path, name, kind }: SourceFile): Promise<FileResult> {
  const text = await readFile(path, "utf8").catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`cannot read ${name}: ${error.code ?? error.message}`);
  });
  const base = { file: name, kind, text };
  if (kind !== "flow") {
    const result = kind === "dsl" ? compileRuleSource(text) : compileRuleYaml(text);
    const outputs = result.rules.map(({ flow_json, nodes_json, ...metadata }) => ({ metadata, flow_json, nodes_json }));
    return { ...base, diagnostics: result.diagnostics, outputs };
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    return { ...base, diagnostics: [jsonSyntaxError(text, error)], outputs: [] };
  }
  const result = compileFlow(document);
  return result.ok
    ? { ...base, diagnostics: [], outputs: [{ flow_json: result.flow_json, nodes_json: result.nodes_json }] }
    : { ...base, diagnostics: result.diagnostics, outputs: [] };
}
