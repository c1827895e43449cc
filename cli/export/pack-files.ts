// The rule files a folder already holds, before `svc export` writes into it (issue 16.22): which
// file defines which rule, compiled as sync compiles them (with the folder's site, so that named
// points resolve), so that a rule is written back into the file it came from, and a file that
// already says what the service holds is left as it is. A file that does not compile with the
// site (its rule uses points the site does not declare) still names its rules (parsed), so that
// export finds them there and compares the file's text.
import { readFile, stat } from "node:fs/promises";
import { basename, join, relative } from "node:path";
import { compileRuleSource } from "../../compiler/front-ends/dsl/index.js";
import { compileRuleYaml, parseRuleYaml } from "../../compiler/front-ends/yaml/index.js";
import { parseRuleSource } from "../../grammar/rule/index.js";
import type { CompiledRule } from "../../compiler/lower/compiled-rule.js";
import type { SiteIndex } from "../../compiler/site/site-index.js";
import { collectSourceFiles } from "../source-files.js";

export interface PackRuleFile {
  /** Relative to the export folder, with `/` as separator. */
  file: string;
  /** `dsl` for `*.rule`; a YAML rule file is never rewritten as DSL. */
  kind: "dsl" | "yaml";
  /** How many rules the file defines: a file of several rules is never rewritten as one. */
  rules: number;
  /**
   * The rule as the file defines it, compiled; absent when the file does not compile with the
   * site (a rule written with points the site does not declare): then only its text is compared.
   */
  compiled?: CompiledRule;
  /** The file's text. */
  text: string;
}

export interface PackRules {
  /** By rule name (names are unique in a pack: the compiler refuses one name in two files). */
  byName: ReadonlyMap<string, PackRuleFile>;
  /** The base names (no folder, no extension) of every rule file, taken for new files. */
  takenBases: ReadonlySet<string>;
  /** Where a new rule's file goes, relative to the folder: `rules/` in a pack, else the folder itself. */
  newRulePrefix: string;
}

/** Reads and compiles the rule files under `dir` (none when it does not exist yet). */
export async function readPackRules(dir: string, site?: SiteIndex): Promise<PackRules> {
  const exists = (await stat(dir).catch(() => undefined))?.isDirectory() === true;
  const files = exists ? (await collectSourceFiles([dir], dir)).filter((f) => f.kind === "dsl" || f.kind === "yaml") : [];
  const byName = new Map<string, PackRuleFile>();
  const takenBases = new Set<string>();
  for (const source of files) {
    const text = await readFile(source.path, "utf8");
    const result = source.kind === "dsl" ? compileRuleSource(text, { site }) : compileRuleYaml(text, { site });
    const file = relative(dir, source.path).split("\\").join("/");
    takenBases.add(baseOf(file));
    const kind = source.kind === "dsl" ? "dsl" : "yaml";
    // Every rule the file defines, by name (parsed), so that a rule that does not compile (with
    // the site) still goes back into its own file, never into a second file of the same name.
    const names = source.kind === "dsl" ? parseRuleSource(text).file.rules.map((r) => r.name) : parseRuleYaml(text).rules.map((r) => r.decl.name);
    for (const name of names) {
      const compiled = result.rules.find((r) => r.name === name);
      if (!byName.has(name)) byName.set(name, { file, kind, rules: names.length, text, ...(compiled === undefined ? {} : { compiled }) });
    }
  }
  const rulesFolder = exists && (await stat(join(dir, "rules")).catch(() => undefined))?.isDirectory() === true;
  return { byName, takenBases, newRulePrefix: rulesFolder ? "rules/" : "" };
}

/** `rules/ahu1-alarms.rule` -> `ahu1-alarms`. */
export function baseOf(file: string): string {
  return basename(file).replace(/\.rule(\.ya?ml)?$/, "");
}

/** A folder with no rule files. */
export const EMPTY_PACK: PackRules = { byName: new Map(), takenBases: new Set(), newRulePrefix: "" };
