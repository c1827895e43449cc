// `svc compile`: compiles editor documents (flow_json files) with the one compile function.
//   svc compile FILE                 print the nodes_json of one flow
//   svc compile --check PATH...      compile everything, write nothing, exit 1 on any error (CI)
//   svc compile --out DIR PATH...    write <name>.flow.json and <name>.nodes.json per flow
// Directories are searched for *.json files. Diagnostics as text (file:line:col and a code
// frame) or as JSON with --format json. With --out nothing is written unless every file compiles.
import { mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { basename, join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { parseDocument } from "yaml";
import { compileFlow } from "../../compiler/front-ends/flow-json/index.js";
import { createJsonLocator } from "../../compiler/diagnostics/json-locations.js";
import { renderDiagnostic } from "../../compiler/diagnostics/render-text.js";
import type { Diagnostic, SourceSpan } from "../../generated/types.js";
import { EXIT, UsageError, type Console } from "../console.js";

export const COMPILE_USAGE = `usage: svc compile [--check] [--out DIR] [--format text|json] PATH...

Compiles editor documents (flow_json) to the execution topology (nodes_json).
  PATH             a .json file, or a directory searched for .json files
  --check          write nothing; exit 1 when any file has errors (for CI)
  --out DIR        write <name>.flow.json and <name>.nodes.json for each file
  --format FORMAT  diagnostics as text (default) or json
With a single file and neither --check nor --out, prints its nodes_json.`;

interface FileResult {
  file: string;
  text: string;
  diagnostics: Diagnostic[];
  output?: { flow_json: unknown; nodes_json: unknown };
}

export async function compileCommand(args: string[], console: Console, cwd: string): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { check: { type: "boolean" }, out: { type: "string" }, format: { type: "string", default: "text" } },
  });
  if (values.format !== "text" && values.format !== "json") throw new UsageError(`--format must be text or json, not '${values.format}'`);
  if (positionals.length === 0) throw new UsageError("name at least one file or directory");
  if (values.check && values.out !== undefined) throw new UsageError("--check writes nothing; it cannot be combined with --out");
  const files = await collectFiles(positionals.map((p) => resolve(cwd, p)));
  if (files.length === 0) throw new UsageError(`no .json files in ${positionals.join(", ")}`);
  const printOne = !values.check && values.out === undefined;
  if (printOne && files.length > 1) throw new UsageError("several files: use --check or --out DIR");

  const results = await Promise.all(files.map((file) => compileFile(file, relative(cwd, file) || file)));
  const failed = results.filter((r) => r.diagnostics.length > 0);
  report(results, values.format, console);
  if (failed.length > 0) {
    console.err(`${failed.length} of ${results.length} file${results.length === 1 ? "" : "s"} failed to compile${values.out ? "; nothing written" : ""}\n`);
    return EXIT.diagnostics;
  }
  if (printOne) console.out(`${JSON.stringify(results[0]!.output!.nodes_json, null, 2)}\n`);
  else if (values.out !== undefined) await writeOutputs(results, resolve(cwd, values.out), console);
  else console.err(`${results.length} file${results.length === 1 ? "" : "s"} compiled, no errors\n`);
  return EXIT.ok;
}

async function compileFile(path: string, file: string): Promise<FileResult> {
  const text = await readFile(path, "utf8").catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`cannot read ${file}: ${error.code ?? error.message}`);
  });
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    return { file, text, diagnostics: [jsonSyntaxError(text, error)] };
  }
  const result = compileFlow(document);
  return result.ok
    ? { file, text, diagnostics: [], output: { flow_json: result.flow_json, nodes_json: result.nodes_json } }
    : { file, text, diagnostics: result.diagnostics };
}

function jsonSyntaxError(text: string, error: unknown): Diagnostic {
  const raw = error instanceof Error ? error.message : String(error);
  // V8 names the position for some errors only; the yaml parser (JSON is YAML) finds the others.
  const offset = Number(/at position (\d+)/.exec(raw)?.[1] ?? parseDocument(text).errors[0]?.pos[0] ?? 0);
  const message = (/^Unexpected token '[^']*'/.exec(raw)?.[0] ?? raw.split("\n")[0]!).replace(/ in JSON at position \d+$/, "");
  const before = text.slice(0, offset).split("\n");
  const start = { line: before.length, column: before[before.length - 1]!.length + 1, offset };
  return { code: "json/syntax", severity: "error", message: `not valid JSON: ${message}`, span: { start, end: { ...start, column: start.column + 1, offset: offset + 1 } } };
}

// Where a diagnostic sits in its file: its own span when it has no JSON path (JSON syntax
// errors), the expression position inside the string at its path, or the value at its path.
function locator(result: FileResult): (d: Diagnostic) => SourceSpan | undefined {
  const json = createJsonLocator(result.text);
  return (d) => {
    if (d.path === undefined) return d.span;
    return (d.span && json.locateInString(d.path, d.span)) ?? json.locate(d.path);
  };
}

function report(results: FileResult[], format: string, console: Console): void {
  if (format === "json") {
    const all = results.flatMap((r) => {
      const locate = locator(r);
      return r.diagnostics.map((d) => {
        const at = locate(d);
        return { file: r.file, ...(at ? { line: at.start.line, column: at.start.column } : {}), ...d };
      });
    });
    if (all.length > 0) console.out(`${JSON.stringify(all, null, 2)}\n`);
    return;
  }
  for (const r of results) {
    const locate = locator(r);
    for (const d of r.diagnostics) console.err(`${renderDiagnostic(d, { file: r.file, text: r.text, locate })}\n`);
  }
}

async function writeOutputs(results: FileResult[], dir: string, console: Console): Promise<void> {
  const names = new Map<string, string>();
  for (const r of results) {
    const name = basename(r.file).replace(/(\.flow)?\.json$/, "");
    const clash = names.get(name);
    if (clash !== undefined) throw new UsageError(`${clash} and ${r.file} would both write ${name}.*: rename one`);
    names.set(name, r.file);
  }
  await mkdir(dir, { recursive: true });
  for (const r of results) {
    const name = basename(r.file).replace(/(\.flow)?\.json$/, "");
    await writeFile(join(dir, `${name}.flow.json`), `${JSON.stringify(r.output!.flow_json, null, 2)}\n`);
    await writeFile(join(dir, `${name}.nodes.json`), `${JSON.stringify(r.output!.nodes_json, null, 2)}\n`);
  }
  console.err(`${results.length} file${results.length === 1 ? "" : "s"} compiled into ${dir}\n`);
}

async function collectFiles(paths: string[]): Promise<string[]> {
  const files: string[] = [];
  for (const path of paths) {
    const info = await stat(path).catch(() => undefined);
    if (info === undefined) throw new UsageError(`no such file or directory: ${path}`);
    if (info.isDirectory()) {
      const entries = await readdir(path, { recursive: true, withFileTypes: true });
      files.push(...entries.filter((e) => e.isFile() && e.name.endsWith(".json")).map((e) => join(e.parentPath ?? e.path, e.name)).sort());
    } else files.push(path);
  }
  return [...new Set(files)];
}
