// `svc fmt [--check] PATH...`: rewrites DSL files in canonical formatting, keeping comments.
// A file with syntax errors is reported and left alone; a file is only rewritten when the
// formatted text compiles to exactly what the original compiles to.
import { readFile, writeFile } from "node:fs/promises";
import { isDeepStrictEqual } from "node:util";
import { compileRuleSource } from "../../compiler/front-ends/dsl/index.js";
import { printRuleFile } from "../../compiler/decompiler/index.js";
import { parseRuleSource } from "../../grammar/rule/index.js";
import { EXIT, plural, UsageError, type Console } from "../console.js";
import { parseOptions } from "../options.js";
import { reportDiagnostics } from "../report-diagnostics.js";
import { collectSourceFiles } from "../source-files.js";

export const FMT_USAGE = `usage: svc fmt [--check] PATH...

Rewrites rule DSL files (*.rule) in canonical formatting: two-space indentation, one statement
per line, normalised expressions and durations; comments are kept.
  PATH     a .rule file, or a directory searched (with its subdirectories) for .rule files
  --check  write nothing; list the files that are not formatted and exit 1 (for CI)
Exit codes: 0 formatted (or already formatted), 1 a file has syntax errors or (--check) needs
formatting, 2 wrong usage.`;

export async function fmtCommand(args: string[], console: Console, cwd: string): Promise<number> {
  const { values, positionals } = parseOptions(args, { check: { type: "boolean" } });
  if (positionals.length === 0) throw new UsageError("name at least one file or directory");
  const found = await collectSourceFiles(positionals, cwd);
  const files = found.filter((f) => f.kind === "dsl");
  if (files.length === 0) {
    throw new UsageError(found.length > 0 ? "svc fmt formats DSL files (*.rule); YAML and JSON files are left as they are" : `no .rule files in ${positionals.join(", ")}`);
  }
  let failed = 0;
  const changed: string[] = [];
  for (const file of files) {
    const text = await readFile(file.path, "utf8");
    const parsed = parseRuleSource(text);
    if (parsed.diagnostics.length > 0) {
      reportDiagnostics([{ file: file.name, kind: "dsl", text, diagnostics: parsed.diagnostics, outputs: [] }], "text", console);
      failed++;
      continue;
    }
    const formatted = printRuleFile(parsed.file);
    if (formatted === text) continue;
    if (!sameMeaning(text, formatted)) throw new Error(`svc fmt: formatting ${file.name} would change what it compiles to; the file is left as it was (please report this)`);
    changed.push(file.name);
    if (!values.check) await writeFile(file.path, formatted);
  }
  for (const name of changed) console.out(`${values.check ? "not formatted" : "formatted"}: ${name}\n`);
  if (failed > 0) return EXIT.diagnostics;
  if (values.check && changed.length > 0) {
    console.err(`${changed.length} of ${plural(files.length, "file")} ${changed.length === 1 ? "is" : "are"} not formatted; run svc fmt\n`);
    return EXIT.diagnostics;
  }
  if (changed.length === 0) console.err(`${plural(files.length, "file")} ${files.length === 1 ? "is" : "are"} already formatted\n`);
  return EXIT.ok;
}

// The formatter must never change meaning: both texts compile to the same rules and diagnostics codes.
function sameMeaning(before: string, after: string): boolean {
  const a = compileRuleSource(before);
  const b = compileRuleSource(after);
  const strip = (r: typeof a) => ({ rules: r.rules.map(({ flow_json: _f, ...rest }) => rest), codes: r.diagnostics.map((d) => d.code) });
  return isDeepStrictEqual(strip(a), strip(b));
}
