// `svc compile`: compiles rule files (DSL, YAML) and editor documents with the one compile function,
// against their pack's site.yaml when they have one, and checks a pack's data-processing files
// (tasks, bindings, routes) with the pack checks.
//   svc compile FILE                 print what one file compiles to
//   svc compile --check PATH...      compile everything, write nothing, exit 1 on any error (CI)
//   svc compile --out DIR PATH...    write <name>.flow.json, <name>.nodes.json (and <name>.rule.json),
//                                    and <task-id>.task.json for each task
// With --out nothing is written unless every file compiles. Warnings are reported but fail nothing,
// unless --strict makes them errors.
import { mkdir, writeFile } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import { documentOf } from "../../compiler/front-ends/task-yaml/index.js";
import { EXIT, plural, UsageError, type Console } from "../console.js";
import { parseOptions } from "../options.js";
import { checkPacks } from "../pack-checks.js";
import { reportDiagnostics } from "../report-diagnostics.js";
import { checkRuleNamesUnique, fileNameOf } from "../rule-names.js";
import { addSharedWriteWarnings } from "../shared-writes.js";
import { compileWithSites, siteErrors, siteNotes, strict, type SiteChoice } from "../compile-with-sites.js";
import { SEARCH_LEVELS } from "../site-files.js";
import { collectSourceFiles, type FileResult } from "../source-files.js";

export const COMPILE_USAGE = `usage: svc compile [--check] [--out DIR] [--strict] [--site FILE | --no-site] [--format text|json] PATH...

Compiles rule files to what the service stores: the editor document (flow_json), the execution
topology (nodes_json) and, for rule files, the rule's settings. Rule files compile against their
pack's site.yaml: the points they read and write must exist, written values lie within the
points' ranges, units agree. Checks a pack's data-processing files: task declarations, bindings
and processor routes.
  PATH             a file, or a directory searched (with its subdirectories) for rule files:
                   *.rule (DSL), *.rule.yaml / *.rule.yml (YAML) and *.flow.json (editor documents),
                   and for data-processing files: *.yaml / *.yml in tasks/, bindings/ and routes/
                   folders, or anywhere with a top-level kind: DataProcessingTask,
                   DataProcessingBinding or ProcessorRoute. The data-processing files of a
                   directory are also checked together, against the pack's site.yaml: bindings
                   resolve their task's references to site points with matching units and signs
  --check          write nothing; exit 1 when any file has errors (for CI)
  --out DIR        write <name>.flow.json, <name>.nodes.json and <name>.rule.json (settings and
                   trigger_config) for each rule, and <task-id>.task.json (the declaration) for
                   each task; nothing at all unless every file compiles (DIR itself is never read
                   as input). <name> is the rule's name in lower case with dashes, or the editor
                   document's file name; a task with several revisions writes <task-id>.r<N>.task.json
  --strict         warnings are errors: exit 1 on any warning (for CI)
  --site FILE      compile every rule file against this site.yaml
  --no-site        compile rule files without a site: the checks against it are skipped
  --format FORMAT  diagnostics as text on stderr (default) or as a JSON array on stdout
A rule file's site is the nearest site.yaml from its folder upwards, through the directory given
and at most ${SEARCH_LEVELS} folders above it (above its own folder for a file named alone), never above
a git root. Without one, the checks against the site are skipped and a note says so once.
Action points written by more than one rule of a pack are warned about (rule/shared-write) at
each rule's write, with the other writers and whether their priorities order them.
With a single file and neither --check nor --out, prints what it compiles to: the nodes_json of
an editor document, a JSON array of the file's rules, or the task declaration (binding, route)
of a data-processing file.
Exit codes: 0 compiled (warnings allowed, unless --strict), 1 a file has errors, 2 wrong usage.`;

export async function compileCommand(args: string[], console: Console, cwd: string): Promise<number> {
  const { values, positionals } = parseOptions(args, {
    check: { type: "boolean" },
    out: { type: "string" },
    format: { type: "string", default: "text" },
    strict: { type: "boolean" },
    site: { type: "string" },
    "no-site": { type: "boolean" },
  });
  const format = values.format;
  if (format !== "text" && format !== "json") throw new UsageError(`--format must be text or json, not '${String(format)}'`);
  if (positionals.length === 0) throw new UsageError("name at least one file or directory");
  if (values.check && values.out !== undefined) throw new UsageError("--check writes nothing; it cannot be combined with --out");
  if (values.site !== undefined && values["no-site"]) throw new UsageError("--site FILE and --no-site cannot be combined");
  const out = typeof values.out === "string" ? resolve(cwd, values.out) : undefined;
  const files = await collectSourceFiles(positionals, cwd, out);
  if (files.length === 0) {
    throw new UsageError(`no rule files in ${positionals.join(", ")}: in directories, rule files are named *.rule, *.rule.yaml (or .yml) and *.flow.json, and data-processing files are YAML in tasks/, bindings/ or routes/`);
  }
  const printOne = !values.check && out === undefined;
  if (printOne && files.length > 1) throw new UsageError("several files: use --check or --out DIR");

  const choice: SiteChoice = values["no-site"] === true ? { kind: "none" } : typeof values.site === "string" ? { kind: "file", file: values.site } : { kind: "find" };
  const { results, sites } = await compileWithSites(files, cwd, choice);
  checkRuleNamesUnique(results);
  await checkPacks(results, sites);
  results.push(...(await siteErrors(sites)));
  addSharedWriteWarnings(results);
  const strictened = values.strict === true ? strict(results) : 0;
  const failed = results.filter((r) => r.diagnostics.some((d) => d.severity === "error")).length;
  // Printing one file, stdout carries its output; otherwise the report (JSON: always an array).
  // Warnings of a file printed as text still go to stderr.
  if (failed > 0 || !printOne) reportDiagnostics(results, format, console);
  else if (format === "text") reportDiagnostics(results, "text", console);
  for (const note of siteNotes(results, choice)) console.err(`${note}\n`);
  if (failed > 0) {
    const why = strictened > 0 ? ` (--strict: ${plural(strictened, "warning")} counted as errors)` : "";
    console.err(`${failed} of ${plural(results.length, "file")} failed to compile${why}${out ? "; nothing written" : ""}\n`);
    return EXIT.diagnostics;
  }
  if (printOne) console.out(`${JSON.stringify(printable(results[0]!), null, 2)}\n`);
  else if (out !== undefined) await writeOutputs(results, out, console);
  else {
    const warnings = results.reduce((n, r) => n + r.diagnostics.filter((d) => d.severity === "warning").length, 0);
    console.err(`${plural(results.length, "file")} compiled, no errors${warnings > 0 ? `, ${plural(warnings, "warning")}` : ""}\n`);
  }
  // A binding or task named on its own is checked as a file; resolving it needs its pack.
  const alone = results.filter((r) => r.kind === "data-processing" && r.source?.root === undefined);
  if (alone.length > 0 && format === "text") {
    console.err(`note: ${alone.map((r) => r.file).join(", ")} checked alone; give the pack folder to check bindings against their task, route and site\n`);
  }
  return EXIT.ok;
}

function printable(result: FileResult): unknown {
  if (result.kind === "flow") return result.outputs[0]!.nodes_json;
  if (result.kind === "data-processing") return documentOf(result.dataProcessing!.file!);
  return result.outputs.map((o) => ({ ...o.metadata, flow_json: o.flow_json, nodes_json: o.nodes_json }));
}

async function writeOutputs(results: FileResult[], dir: string, console: Console): Promise<void> {
  const planned = new Map<string, { from: string; files: Array<[string, unknown]> }>();
  for (const r of results) {
    for (const o of r.outputs) {
      const name = o.metadata === undefined ? basename(r.file).replace(/(\.flow)?\.json$/, "") : fileNameOf(o.metadata.name);
      const clash = planned.get(name);
      if (clash !== undefined) throw new UsageError(`${clash.from} and ${r.file} would both write ${name}.*: rename one`);
      const files: Array<[string, unknown]> = [[`${name}.flow.json`, o.flow_json], [`${name}.nodes.json`, o.nodes_json]];
      if (o.metadata !== undefined) files.push([`${name}.rule.json`, o.metadata]);
      planned.set(name, { from: r.file, files });
    }
  }
  const tasks = taskOutputs(results);
  await mkdir(dir, { recursive: true });
  for (const { files } of [...planned.values(), ...tasks]) {
    for (const [file, value] of files) await writeFile(join(dir, file), `${JSON.stringify(value, null, 2)}\n`);
  }
  const what = tasks.length === 0 ? plural(planned.size, "rule") : `${plural(planned.size, "rule")} and ${plural(tasks.length, "task")}`;
  console.err(`${what} from ${plural(results.length, "file")} compiled into ${dir}\n`);
}

// <task-id>.task.json, the declaration; <task-id>.r<revision>.task.json when a pack holds several revisions.
function taskOutputs(results: FileResult[]): Array<{ files: Array<[string, unknown]> }> {
  const tasks = results.flatMap((r) => (r.dataProcessing?.file?.kind === "DataProcessingTask" ? [r.dataProcessing.file.task] : []));
  const revisions = new Map<string, number>();
  for (const task of tasks) revisions.set(task.id, (revisions.get(task.id) ?? 0) + 1);
  const names = new Set<string>();
  return tasks.map((task) => {
    const name = `${task.id}${revisions.get(task.id)! > 1 ? `.r${task.revision}` : ""}.task.json`;
    if (names.has(name)) throw new UsageError(`two files declare task '${task.id}' revision ${task.revision}; both would write ${name}`);
    names.add(name);
    return { files: [[name, task]] };
  });
}
