// `svc validate FILE.json...`: checks data-processing contract documents (spec: Data Processing
// Contracts) the way the service does — the contract named by the document's `schema` member (or
// --contract), its JSON Schema, then its semantic rules — for processor authors and CI.
// --task, --request and --descriptor supply the context of the task-aware, correlation and
// artifact rules; each is checked against its own contract first. File access lives here; the
// checking is compiler/contracts/validate-contract.ts.
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { CONTRACTS, findContract, type ContractEntry } from "../../compiler/contracts/contract-registry.js";
import type { ContractContext } from "../../compiler/contracts/contract-context.js";
import { validateContract } from "../../compiler/contracts/validate-contract.js";
import { compileDataProcessingYaml } from "../../compiler/front-ends/task-yaml/index.js";
import { closestName } from "../../generated/index.js";
import type { Diagnostic } from "../../generated/types.js";
import { EXIT, plural, UsageError, type Console } from "../console.js";
import { parseJsonDocument } from "../read-json-document.js";
import { parseOptions } from "../options.js";
import { reportDiagnostics, type Format } from "../report-diagnostics.js";
import type { FileResult, SourceKind } from "../source-files.js";
import { isObject } from "../is-object.js";

export const VALIDATE_USAGE = `usage: svc validate [--contract NAME] [--task TASK] [--request REQUEST.json]
                    [--descriptor CONTRACT.json] [--format text|json] FILE.json...

Checks data-processing documents against their contract: the JSON Schema, then the semantic
rules (grid, units, provenance, quality, digest, correlation ...). Diagnostics name the file,
line and column and the JSON Pointer of the value.
  FILE.json          a document; its contract is the one its \`schema\` member names
  --contract NAME    check every FILE against this contract instead, named by its identifier or
                     short name; needed for the contracts without a \`schema\` member
                     (${CONTRACTS.filter((c) => !c.selfIdentifying).map((c) => c.name).join(", ")}). Short names:
${wrap(CONTRACTS.map((c) => c.name).join(", "), 21, 96)}
  --task TASK        the task declaration the documents are for (JSON, or a pack task file
                     \`kind: DataProcessingTask\` in YAML or JSON): enables the task-aware rules
  --request FILE     the processor request a result or derived data answers: enables the
                     correlation checks and the forecast invariants against its options
  --descriptor FILE  the processor's contract descriptor (${findContract("forecast-contract")!.id}):
                     enables the artifact and limit checks
  --format FORMAT    diagnostics as text on stderr (default) or as a JSON array on stdout
The --task, --request and --descriptor files are checked first against their own contracts;
when one has errors, they are reported and no FILE is checked.
Prints "FILE: valid <contract>" on stderr for each valid file (text format).
Exit codes: 0 all valid (warnings allowed), 1 any error, 2 wrong usage.`;

/** `text` broken into lines of at most `width` characters, each indented by `indent` spaces. */
function wrap(text: string, indent: number, width: number): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line !== "" && indent + line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  lines.push(line);
  return lines.map((l) => " ".repeat(indent) + l).join("\n");
}

/** What each context option (a ContractContext member of the same name) must hold, in the order they are checked: later ones see the earlier ones. */
const CONTEXT_OPTIONS = [
  { option: "task", contract: "task" },
  { option: "descriptor", contract: "forecast-contract" },
  { option: "request", contract: "processor-request" },
] as const;

// Diagnostics that carry their own file span (syntax errors, duplicate keys) are located by it:
// reportDiagnostics does that for every kind but "flow", which locates by JSON path.
const LOCATED_BY_SPAN: SourceKind = "yaml";
const LOCATED_BY_PATH: SourceKind = "flow"; // a JSON document: diagnostics at their JSON Pointers

interface SourceText {
  name: string;
  text: string;
}

export async function validateCommand(args: string[], console: Console, cwd: string): Promise<number> {
  const { values, positionals } = parseOptions(args, {
    contract: { type: "string" },
    task: { type: "string" },
    request: { type: "string" },
    descriptor: { type: "string" },
    format: { type: "string", default: "text" },
  });
  const format = values.format;
  if (format !== "text" && format !== "json") throw new UsageError(`--format must be text or json, not '${String(format)}'`);
  if (positionals.length === 0) throw new UsageError("name at least one document to validate");
  const yaml = positionals.find((name) => /\.ya?ml$/i.test(name));
  if (yaml !== undefined) throw new UsageError(`${yaml}: svc validate checks JSON documents; a pack's YAML files are checked by svc compile, and a task file can be given as --task`);
  const contract = typeof values.contract === "string" ? contractNamed(values.contract) : undefined;
  // Every file is read before anything is checked: a missing one is wrong usage, not a finding.
  const read = (name: string): Promise<SourceText> => readText(resolve(cwd, name), name).then((text) => ({ name, text }));
  const contextSources = await Promise.all(CONTEXT_OPTIONS.map(({ option }) => (typeof values[option] === "string" ? read(values[option] as string) : undefined)));
  const documents = await Promise.all(positionals.map(read));

  const results: FileResult[] = [];
  const show = (result: FileResult): void => {
    results.push(result);
    if (format === "text") reportDiagnostics([result], "text", console);
  };

  const context: ContractContext = {};
  for (const [i, { option, contract: expected }] of CONTEXT_OPTIONS.entries()) {
    const source = contextSources[i];
    if (source === undefined) continue;
    const checked = option === "task" ? checkTaskFile(source, context) : checkContextDocument(source, findContract(expected)!, context);
    show(checked.result);
    if (hasErrors(checked.result.diagnostics)) {
      finish(results, format, console);
      if (format === "text") console.err(`--${option} ${source.name} has errors; no document was checked\n`);
      return EXIT.diagnostics;
    }
    (context as Record<string, unknown>)[option] = checked.value;
  }

  let failed = 0;
  for (const source of documents) {
    const { result, contract: used } = checkDocument(source, contract, context);
    show(result);
    if (hasErrors(result.diagnostics)) failed++;
    else if (format === "text") console.err(`${source.name}: valid ${used!.id}${unchecked(used!, context)}\n`);
  }
  finish(results, format, console);
  if (failed > 0 && format === "text") console.err(`${failed} of ${plural(documents.length, "file")} not valid\n`);
  return failed > 0 ? EXIT.diagnostics : EXIT.ok;
}

// "valid" must not overstate: say which rules did not run for want of their context.
const CONTEXT_RULES: Record<keyof ContractContext, string> = {
  task: "the task's rules (needs --task)",
  request: "correlation with the request and its horizon (needs --request)",
  descriptor: "the processor's artifacts and limits (needs --descriptor)",
};

function unchecked(contract: ContractEntry, context: ContractContext): string {
  const missing = contract.uses.filter((key) => context[key] === undefined);
  return missing.length === 0 ? "" : `; not checked: ${missing.map((key) => CONTEXT_RULES[key]).join(", ")}`;
}

/** JSON output is one array of every file's diagnostics, printed at the end; text is printed as it goes. */
function finish(results: FileResult[], format: Format, console: Console): void {
  if (format === "json") reportDiagnostics(results, "json", console);
}

function checkDocument(source: SourceText, contract: ContractEntry | undefined, context: ContractContext): { result: FileResult; contract?: ContractEntry } {
  const parsed = parseJsonDocument(source.text);
  if (!parsed.ok) return { result: fileResult(source, parsed.diagnostics, LOCATED_BY_SPAN) };
  const validation = validateContract(parsed.value, { ...context, contract: contract?.id });
  return { result: fileResult(source, validation.diagnostics, LOCATED_BY_PATH), contract: validation.contract };
}

type Checked = { result: FileResult; value?: unknown };

/**
 * A context file against the contract its option takes. A document that names another contract
 * (a result given as --request) gets one diagnostic saying so, not every schema difference.
 */
function checkContextDocument(source: SourceText, expected: ContractEntry, context: ContractContext): Checked {
  const parsed = parseJsonDocument(source.text);
  if (!parsed.ok) return { result: fileResult(source, parsed.diagnostics, LOCATED_BY_SPAN) };
  return { result: fileResult(source, checkAs(parsed.value, expected, context), LOCATED_BY_PATH), value: parsed.value };
}

function checkAs(value: unknown, expected: ContractEntry, context: ContractContext): Diagnostic[] {
  const declared = isObject(value) ? value.schema : undefined;
  // A document naming its contract is identified by it (so a v2 is an unsupported version); otherwise it is checked as the expected one.
  const validation = validateContract(value, { ...context, contract: typeof declared === "string" ? undefined : expected.name });
  if (validation.contract === undefined || validation.contract === expected) return validation.diagnostics;
  return [
    {
      code: "contract/wrong-context",
      severity: "error",
      message: `this is a ${validation.contract.name} (${validation.contract.id}); this option takes a ${expected.name} (${expected.id})`,
      path: "/schema",
    },
  ];
}

/** --task: a task declaration in JSON, or a pack task file in YAML (`kind: DataProcessingTask`, compiled as svc compile does). */
function checkTaskFile(source: SourceText, context: ContractContext): Checked {
  if (/\.ya?ml$/i.test(source.name)) {
    const compiled = compileDataProcessingYaml(source.text);
    if (compiled.kind !== undefined && compiled.kind !== "DataProcessingTask") {
      const wrong: Diagnostic = { code: "contract/wrong-context", severity: "error", message: `--task takes a task file (kind: DataProcessingTask), not a ${compiled.kind}`, path: "/kind" };
      return { result: fileResult(source, [wrong], LOCATED_BY_SPAN) };
    }
    return { result: fileResult(source, compiled.diagnostics, LOCATED_BY_SPAN), value: compiled.document };
  }
  const parsed = parseJsonDocument(source.text);
  if (!parsed.ok) return { result: fileResult(source, parsed.diagnostics, LOCATED_BY_SPAN) };
  return { result: fileResult(source, checkAs(parsed.value, findContract("task")!, context), LOCATED_BY_PATH), value: parsed.value };
}

function contractNamed(idOrName: string): ContractEntry {
  const contract = findContract(idOrName);
  if (contract !== undefined) return contract;
  const near = closestName(idOrName, CONTRACTS.flatMap((c) => [c.name, c.id]));
  throw new UsageError(`unknown contract '${idOrName}'${near ? `; did you mean '${near}'?` : `; known: ${CONTRACTS.map((c) => c.name).join(", ")}`}`);
}

function fileResult(source: SourceText, diagnostics: Diagnostic[], kind: SourceKind): FileResult {
  return { file: source.name, kind, text: source.text, diagnostics, outputs: [] };
}

function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === "error");
}

async function readText(path: string, name: string): Promise<string> {
  return readFile(path, "utf8").catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`cannot read ${name}: ${error.code ?? error.message}`);
  });
}
