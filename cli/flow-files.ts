// Reads and compiles flow files for `svc compile`. File access lives here, at the edge.
import { readdir, readFile, stat } from "node:fs/promises";
import { join, relative, resolve, sep } from "node:path";
import { compileFlow } from "../compiler/front-ends/flow-json/index.js";
import type { Diagnostic } from "../generated/types.js";
import { UsageError } from "./console.js";
import { jsonSyntaxError } from "./json-syntax.js";

export interface FlowFile {
  /** The absolute path. */
  path: string;
  /** The name to print: as the user gave it, or joined to the directory they gave. */
  name: string;
}

export interface FileResult {
  file: string;
  text: string;
  diagnostics: Diagnostic[];
  output?: { flow_json: unknown; nodes_json: unknown };
}

/** The .json files named by `paths` (directories searched recursively), less any under `exclude`. */
export async function collectFlowFiles(paths: string[], cwd: string, exclude?: string): Promise<FlowFile[]> {
  const files = new Map<string, FlowFile>();
  const excluded = (path: string): boolean => exclude !== undefined && (path === exclude || path.startsWith(exclude + sep));
  for (const given of paths) {
    const path = resolve(cwd, given);
    const info = await stat(path).catch(() => undefined);
    if (info === undefined) throw new UsageError(`no such file or directory: ${given}`);
    if (!info.isDirectory()) {
      files.set(path, { path, name: given });
      continue;
    }
    for (const entry of await readdir(path, { recursive: true, withFileTypes: true })) {
      const found = join(entry.parentPath ?? entry.path, entry.name);
      if (entry.isFile() && entry.name.endsWith(".json") && !excluded(found) && !files.has(found)) {
        files.set(found, { path: found, name: join(given, relative(path, found)) });
      }
    }
  }
  return [...files.values()].sort((a, b) => a.name.localeCompare(b.name));
}

export async function compileFlowFile({ path, name }: FlowFile): Promise<FileResult> {
  const text = await readFile(path, "utf8").catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`cannot read ${name}: ${error.code ?? error.message}`);
  });
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    return { file: name, text, diagnostics: [jsonSyntaxError(text, error)] };
  }
  const result = compileFlow(document);
  return result.ok
    ? { file: name, text, diagnostics: [], output: { flow_json: result.flow_json, nodes_json: result.nodes_json } }
    : { file: name, text, diagnostics: result.diagnostics };
}
