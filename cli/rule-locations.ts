// Where a compiled rule, and a write of it, are in its file: for what `svc compile` reports after
// compiling (rule/shared-write at each writer's write) and for `svc points` (each rule's file and
// line). The compiler's source map lives only during a compile, so the file's AST is read again
// here (once per file, and only for files that need it); a write statement is found by its target
// point, written as numbers (`action(7, 1)`) or by name (`ahu1.cooling_stage`, resolved with the
// site). For DSL and YAML rule files.
import { parseRuleYaml } from "../compiler/front-ends/yaml/index.js";
import { refKey, type SiteIndex, type SiteRef } from "../compiler/site/site-index.js";
import type { SourceSpan } from "../generated/types.js";
import { parseRuleSource, statementsOf, type RuleDecl } from "../grammar/rule/index.js";
import type { FileResult } from "./source-files.js";

export interface RuleLocator {
  /** The rule's name in its file (line 1 when the file has no such rule). */
  rule(name: string): SourceSpan;
  /** The first write of `ref` by the rule; the rule's name when it cannot be found. */
  write(name: string, ref: SiteRef): SourceSpan;
  /** Where the rule first names `ref` (an input, a delta, a write's target); the rule's name when it cannot be found. */
  point(name: string, ref: SiteRef): SourceSpan;
}

const FIRST_LINE: SourceSpan = { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 1, offset: 0 } };

const locators = new WeakMap<FileResult, RuleLocator>();

/** The locator of a compiled rule file's rules (DSL or YAML), made once per file; `site` resolves named write targets. */
export function locateRules(result: FileResult, site: SiteIndex | undefined): RuleLocator {
  let locator = locators.get(result);
  if (locator === undefined) {
    locator = ruleFileLocator(result, site);
    locators.set(result, locator);
  }
  return locator;
}

function ruleFileLocator(result: FileResult, site: SiteIndex | undefined): RuleLocator {
  const decls = result.kind === "dsl" ? parseRuleSource(result.text).file.rules : parseRuleYaml(result.text).rules.map((r) => r.decl);
  const byName = new Map<string, RuleDecl>();
  for (const decl of decls) if (!byName.has(decl.name)) byName.set(decl.name, decl);
  const ruleAt = (name: string): SourceSpan => byName.get(name)?.nameSpan ?? FIRST_LINE;
  return {
    rule: ruleAt,
    write(name, ref) {
      const decl = byName.get(name);
      if (decl === undefined) return ruleAt(name);
      for (const statement of statementsOf(decl)) {
        if (statement.kind !== "write") continue;
        const target = refOfTarget(statement.target, result.text, site);
        if (target !== undefined && refKey(target) === refKey(ref)) return statement.span;
      }
      return ruleAt(name);
    },
    point(name, ref) {
      const decl = byName.get(name);
      if (decl === undefined) return ruleAt(name);
      for (const statement of statementsOf(decl)) {
        const source = statement.kind === "write" ? statement.target : statement.kind === "input" || statement.kind === "delta" ? statement.point : undefined;
        const found = source === undefined ? undefined : refOfTarget(source, result.text, site);
        if (found !== undefined && refKey(found) === refKey(ref)) return (source as { span: SourceSpan }).span;
      }
      return ruleAt(name);
    },
  };
}

// A write's target as a point: the AST's numbers, or the target's text (a named point) resolved with the site.
function refOfTarget(target: unknown, text: string, site: SiteIndex | undefined): SiteRef | undefined {
  const t = target as { kind?: string; pointType?: unknown; instance?: unknown; point?: unknown; span?: SourceSpan };
  if (t.kind === "point" && typeof t.instance === "number" && typeof t.point === "number" && (t.pointType === "measurement" || t.pointType === "action")) {
    return { instance: t.instance, point_type: t.pointType, point: t.point };
  }
  return t.span === undefined ? undefined : pointOfText(text.slice(t.span.start.offset, t.span.end.offset), site);
}

const NUMERIC = /^(measurement|action)\s*\(\s*(\d+)\s*,\s*(\d+)\s*\)$/;
const NAMED = /^(?:"((?:[^"\\]|\\.)*)"|([A-Za-z_][A-Za-z0-9_]*))\s*\.\s*([A-Za-z_][A-Za-z0-9_]*)$/;

/** A point as rule files write it (`action(7, 1)`, `ahu1.cooling_stage`, `"AHU-1".cooling_stage`; in YAML perhaps in single quotes). */
export function pointOfText(written: string, site: SiteIndex | undefined): SiteRef | undefined {
  let text = written.trim();
  if (text.length >= 2 && text.startsWith("'") && text.endsWith("'")) text = text.slice(1, -1).replace(/''/g, "'");
  const numeric = NUMERIC.exec(text);
  if (numeric !== null) return { point_type: numeric[1] as SiteRef["point_type"], instance: Number(numeric[2]), point: Number(numeric[3]) };
  const named = NAMED.exec(text);
  if (named === null || site === undefined) return undefined;
  const quoted = named[1] !== undefined;
  const instance = site.findInstance(quoted ? named[1]!.replace(/\\(.)/g, "$1") : named[2]!, quoted);
  return "found" in instance ? site.pointNamed(instance.found, named[3]!)?.ref : undefined;
}
