// `svc compile`: compiles editor documents (flow_json files) with the one compile function.
//   svc compile FILE                 print the nodes_json of one flow
//   svc compile --check PATH...      compile everything, write nothing, exit 1 on any error (CI)
//   svc compile --out DIR PATH...    write <name>.flow.json and <name>.nodes.json per flow
// With --out nothing is written unless every file compiles.
import { mkdir, writeFile } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import { EXIT, UsageError, type Console } from "../console.js";
import { collectFlowFiles, compileFlowFile, type FileResult } from "../flow-files.js";
import { parseOptions } from "../options.js";
import { reportDiagnostics } from "../report-diagnostics.js";

export const COMPILE_USAGE = `usage: svc compile [--check] [--out DIR] [--format text|json] PATH...

Compiles editor documents (flow_json) to the execution topology (nodes_json).
  PATH             a .json file, or a directory searched (with its subdirectories) for .json files
  --check          write nothing; exit 1 when any file has errors (for CI)
  --out DIR        write <name>.flow.json and <name>.nodes.json for each file; nothing at all
                   unless every file compiles (DIR itself is never read as input)
  --format FORMAT  diagnostics as text on stderr (default) or as a JSON array on stdout
With a single file and neither --check nor --out, prints its nodes_json.
Exit codes: 0 compiled, 1 a file has errors, 2 wrong usage.`;

export async function compileCommand(args: string[], console: Console, cwd: string): Promise<number> {
  const { values, positionals } = parseOptions(args, { check: { type: "boolean" }, out: { type: "string" }, format: { type: "string", default: "text" } });
  const format = values.format;
  if (format !== "text" && format !== "json") throw new UsageError(`--format must be text or json, not '${String(format)}'`);
  if (positionals.length === 0) throw new UsageError("name at least one file or directory");
  if (values.check && values.out !== undefined) throw new UsageError("--check writes nothing; it cannot be combined with --out");
  const out = typeof values.out === "string" ? resolve(cwd, values.out) : undefined;
  const files = await collectFlowFiles(positionals, cwd, out);
  if (files.length === 0) throw new UsageError(`no .json files in ${positionals.join(", ")}`);
  const printOne = !values.check && out === undefined;
  if (printOne && files.length > 1) throw new UsageError("several files: use --check or --out DIR");

  const results = await Promise.all(files.map(compileFlowFile));
  const failed = results.filter((r) => r.diagnostics.length > 0).length;
  // Printing one flow, stdout carries its nodes_json; otherwise the report (JSON: always an array).
  if (failed > 0 || !printOne) reportDiagnostics(results, format, console);
  if (failed > 0) {
    console.err(`${failed} of ${plural(results.length, "file")} failed to compile${out ? "; nothing written" : ""}\n`);
    return EXIT.diagnostics;
  }
  if (printOne) console.out(`${JSON.stringify(results[0]!.output!.nodes_json, null, 2)}\n`);
  else if (out !== undefined) await writeOutputs(results, out, console);
  else console.err(`${plural(results.length, "file")} compiled, no errors\n`);
  return EXIT.ok;
}

async function writeOutputs(results: FileResult[], dir: string, console: Console): Promise<void> {
  const names = new Map<string, string>();
  for (const r of results) {
    const name = outputName(r.file);
    const clash = names.get(name);
    if (clash !== undefined) throw new UsageError(`${clash} and ${r.file} would both write ${name}.*: rename one`);
    names.set(name, r.file);
  }
  await mkdir(dir, { recursive: true });
  for (const r of results) {
    await writeFile(join(dir, `${outputName(r.file)}.flow.json`), `${JSON.stringify(r.output!.flow_json, null, 2)}\n`);
    await writeFile(join(dir, `${outputName(r.file)}.nodes.json`), `${JSON.stringify(r.output!.nodes_json, null, 2)}\n`);
  }
  console.err(`${plural(results.length, "file")} compiled into ${dir}\n`);
}

function outputName(file: string): string {
  return basename(file).replace(/(\.flow)?\.json$/, "");
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
