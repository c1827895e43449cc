// The edge of `svc test` (issue 18): the scenario files named (pack folders or *.test.yaml files),
// each with its pack — the folder of the nearest site.yaml above it — and the pack's rules compiled
// exactly as `svc sync` compiles them (loadDesiredRules: the one compile function, against the
// pack's site). Ids run from 1 in pack order. A pack whose rules or site have errors runs nothing:
// its problems are returned for the diagnostic printer. Files are read here; scenarios/ is pure.
import { readdir, readFile, stat } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import type { Diagnostic, TriggerConfig } from "../../generated/types.js";
import { parseScenarioFile } from "../../scenarios/parse-scenario-file.js";
import { scenarioSite, type ScenarioSite } from "../../scenarios/resolve-point.js";
import type { ScenarioPack } from "../../scenarios/run-scenario.js";
import type { PackRule, ScenarioFile } from "../../scenarios/scenario-model.js";
import { DEFAULT_INTERVAL_MS } from "../../runtime/engine/scheduler/scheduled-trigger.js";
import { UsageError } from "../console.js";
import { SITE_FILE, SiteFiles, findSiteFile, nameFrom } from "../site-files.js";
import type { FileResult } from "../source-files.js";
import { loadDesiredRules } from "../sync/load-desired-rules.js";
import { firstInvalidUtf8, lineColumnOfByte } from "./first-invalid-utf8.js";

/** A scenario file: as found, read and parsed against its pack (no scenarios when the pack has errors). */
export interface TestFile {
  /** The absolute path. */
  path: string;
  /** As the user named it (or joined to the folder they named). */
  name: string;
  text: string;
  parsed: ScenarioFile;
}

export interface TestPack {
  /** The pack's folder (the one holding site.yaml), absolute. */
  folder: string;
  /** The folder as printed. */
  name: string;
  /** The site and compiled rules; absent when the pack has errors (see `problems`). */
  pack?: ScenarioPack;
  site?: ScenarioSite;
  /** Files of the pack with errors (rule files, site.yaml), for reportDiagnostics; the pack runs nothing then. */
  problems: FileResult[];
  /** The pack's scenario files named or found, sorted by name. */
  files: TestFile[];
}

const TEST_FILE = /\.test\.ya?ml$/;
/** Scenario files larger than this are refused unread (far above any real one). */
export const MAX_TEST_FILE_BYTES = 5 * 1024 * 1024;
const SKIPPED_FOLDERS = new Set(["node_modules", ".git"]);

/** The packs of the scenario files `paths` name (default: the current folder as a pack), in order of first mention. */
export async function loadTestPack(paths: readonly string[], cwd: string): Promise<TestPack[]> {
  const files = await collectTestFiles(paths.length === 0 ? ["."] : paths, cwd);
  const byPack = new Map<string, { name: string; files: { path: string; name: string }[] }>();
  for (const file of files) {
    const site = await findSiteFile(file.path, file.root);
    if (site === undefined) throw new UsageError(`${file.name}: no ${SITE_FILE} in its folder or above it: a scenario file belongs to a pack`);
    const folder = dirname(site);
    const entry = byPack.get(folder) ?? { name: dirname(nameFrom(file.name, file.path, site)), files: [] };
    entry.files.push(file);
    byPack.set(folder, entry);
  }
  const packs: TestPack[] = [];
  for (const [folder, { name, files: found }] of byPack) packs.push(await loadPack(folder, name, found, cwd));
  return packs;
}

async function loadPack(folder: string, name: string, found: { path: string; name: string }[], cwd: string): Promise<TestPack> {
  const loaded = await loadScenarioPack(name, cwd);
  const read = await Promise.all(found.sort((a, b) => a.name.localeCompare(b.name)).map((f) => readTestFile(f)));
  // A file that could not be read as text (too large, not UTF-8) has that one error, pack or not.
  const unread = read.map(({ problem, ...f }) => ({ ...f, parsed: { file: f.name, scenarios: [], diagnostics: problem === undefined ? [] : [problem] } }));
  if (loaded.pack === undefined) return { folder, name, problems: loaded.problems, files: unread };
  const { pack, site } = loaded;
  const files = read.map(({ problem, ...f }, i) => (problem !== undefined ? unread[i]! : { ...f, parsed: parseScenarioFile(f.text, f.name, site, pack.rules) }));
  return { folder, name, pack, site, problems: [], files };
}

/**
 * A pack folder (`name`, as printed, relative to `cwd`): its site and its rules compiled as
 * `svc sync` compiles them, or the files with errors.
 */
export async function loadScenarioPack(name: string, cwd: string): Promise<{ pack: ScenarioPack; site: ScenarioSite; problems: [] } | { pack?: undefined; problems: FileResult[] }> {
  const sites = new SiteFiles();
  const siteFile = await sites.load(resolve(cwd, name, SITE_FILE), join(name, SITE_FILE));
  const desired = await loadDesiredRules([name === "" ? "." : name], cwd, "sync");
  const problems = desired.results.filter((r) => r.diagnostics.some((d) => d.severity === "error"));
  if (siteFile.index === undefined || problems.length > 0) {
    if (siteFile.index === undefined && !problems.some((p) => p.file === siteFile.name)) {
      problems.unshift({ file: siteFile.name, kind: "yaml", text: siteFile.text, diagnostics: siteFile.diagnostics, outputs: [] });
    }
    return { problems };
  }
  const rules = desired.rules.map((rule, i): PackRule => ({
    id: i + 1,
    name: rule.name,
    file: rule.file,
    priority: rule.priority,
    cooldown_ms: rule.cooldown_ms,
    // Rule files have no enabled flag: `svc sync --enable` runs them all.
    enabled: true,
    trigger_config: rule.trigger_config ?? defaultTrigger(rule.cooldown_ms),
    nodes_json: rule.nodes_json,
  }));
  return { pack: { site: siteFile.index, rules }, site: scenarioSite(siteFile.index), problems: [] };
}

// A rule without a trigger runs as the runtime runs it: every cooldown, else every second (spec, Limits).
function defaultTrigger(cooldownMs: number): TriggerConfig {
  return { type: "interval", interval_ms: cooldownMs > 0 ? cooldownMs : DEFAULT_INTERVAL_MS };
}

// Read as bytes: a size past the limit is refused before reading, and bytes that are not UTF-8
// are an error at the first invalid one (a lenient decode would put U+FFFD in names silently).
async function readTestFile(file: { path: string; name: string }): Promise<Omit<TestFile, "parsed"> & { problem?: Diagnostic }> {
  const cannot = (error: NodeJS.ErrnoException): never => {
    throw new UsageError(`cannot read ${file.name}: ${error.code ?? error.message}`);
  };
  const size = (await stat(file.path).catch(cannot)).size;
  const at = (offset: number, line: number, column: number) => ({ line, column, offset });
  if (size > MAX_TEST_FILE_BYTES) {
    const message = `${file.name} is ${size} bytes: scenario files are at most ${MAX_TEST_FILE_BYTES} bytes (5 MB)`;
    return { path: file.path, name: file.name, text: "", problem: { code: "scenario/file-too-large", severity: "error", message, span: { source: file.name, start: at(0, 1, 1), end: at(0, 1, 1) } } };
  }
  const bytes = await readFile(file.path).catch(cannot);
  try {
    return { path: file.path, name: file.name, text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    const offset = firstInvalidUtf8(bytes);
    const start = lineColumnOfByte(bytes, Math.max(offset, 0));
    const message = `byte ${offset} (0x${(bytes[offset] ?? 0).toString(16).padStart(2, "0")}) is not UTF-8: scenario files are UTF-8 text`;
    const text = new TextDecoder("utf-8").decode(bytes);
    return { path: file.path, name: file.name, text, problem: { code: "scenario/not-utf8", severity: "error", message, span: { source: file.name, start, end: { ...start, column: start.column + 1, offset: start.offset + 1 } } } };
  }
}

/** Scenario files named, or found under folders: a pack's `tests/`, or any *.test.yaml below another folder. */
async function collectTestFiles(paths: readonly string[], cwd: string): Promise<{ path: string; name: string; root?: string }[]> {
  const files = new Map<string, { path: string; name: string; root?: string }>();
  for (const given of paths) {
    const path = resolve(cwd, given);
    const info = await stat(path).catch(() => undefined);
    if (info === undefined) throw new UsageError(`no such file or directory: ${given}`);
    if (!info.isDirectory()) {
      if (!TEST_FILE.test(given)) throw new UsageError(`${given}: not a scenario file (expected *.test.yaml) or a pack folder`);
      if (!files.has(path)) files.set(path, { path, name: given });
      continue;
    }
    const isPack = (await stat(join(path, SITE_FILE)).catch(() => undefined))?.isFile() === true;
    const searched = isPack ? join(path, "tests") : path;
    for (const found of await listTestFiles(searched)) {
      if (!files.has(found)) files.set(found, { path: found, name: join(given, relative(path, found)), root: path });
    }
  }
  return [...files.values()];
}

async function listTestFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  const found: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(folder, entry.name);
    if (entry.isDirectory() && !SKIPPED_FOLDERS.has(entry.name)) for (const f of await listTestFiles(path)) found.push(f);
    else if (entry.isFile() && TEST_FILE.test(entry.name)) found.push(path);
  }
  return found;
}

