// Named points (`ahu1.cooling_stage`, `"AHU-1".cooling_stage`) to the numbers the site gives them,
// before anything else in lowering: the rest of lowering and the flow see numbers only, so a rule
// written with names lowers to exactly what its numeric twin does (flow_json and nodes_json).
// A name that does not resolve is reported at the name, with "did you mean" where one is near.
import type { Diagnostic } from "../../generated/types.js";
import { closestName } from "../../generated/index.js";
import type * as A from "../../grammar/rule/ast.js";
import { pointText } from "../../grammar/rule/ast.js";
import { mapPoints, statementsOf, type PointAccess } from "../../grammar/rule/walk.js";
import { didYouMean } from "../diagnostics/diagnostic.js";
import { refText, type SiteIndex, type SitePointEntry } from "../site/site-index.js";

/**
 * The rule with every named point replaced by its PointRef (the name's span kept), or undefined
 * when a name does not resolve (the reasons go to `diagnostics`). A rule without names is
 * returned as it is.
 */
export function resolveSitePoints(rule: A.RuleDecl, site: SiteIndex | undefined, diagnostics: Diagnostic[], budget: SuggestionBudget = newSuggestionBudget()): A.RuleDecl | undefined {
  if (!hasSiteNames(rule)) return rule;
  const found: Diagnostic[] = [];
  const resolved = mapPoints(rule, (point, access) => (point.kind === "site" ? (resolveName(point, access, site, found, budget) ?? point) : point));
  diagnostics.push(...found);
  return found.length === 0 ? resolved : undefined;
}

/**
 * "Did you mean" compares a name with every key and name of the site: on a site of thousands of
 * instances, a file of thousands of misspelt names would cost minutes (and POST
 * /api/rules/validate is open to every reader). A file gets this many searches; later names are
 * reported without a suggestion.
 */
export const MAX_SUGGESTIONS = 20;

export interface SuggestionBudget {
  left: number;
}

export function newSuggestionBudget(): SuggestionBudget {
  return { left: MAX_SUGGESTIONS };
}

function spend(budget: SuggestionBudget): boolean {
  if (budget.left <= 0) return false;
  budget.left--;
  return true;
}

/** A point of a lowered rule: named points were resolved first, so only numbers reach here. */
export function numeric(point: A.PointSource): A.PointRef {
  if (point.kind === "site") throw new Error(`internal: the named point ${pointText(point)} reached lowering unresolved`);
  return point;
}

function hasSiteNames(rule: A.RuleDecl): boolean {
  const trigger = rule.settings.trigger?.value;
  if (trigger?.kind === "on_change" && trigger.points.some((p) => p.kind === "site")) return true;
  for (const s of statementsOf(rule)) {
    if ((s.kind === "input" || s.kind === "delta") && s.point.kind === "site") return true;
    if (s.kind === "write" && s.target.kind === "site") return true;
  }
  return false;
}

function resolveName(point: A.SitePointName, access: PointAccess, site: SiteIndex | undefined, found: Diagnostic[], budget: SuggestionBudget): A.PointRef | undefined {
  const error = (code: string, message: string, span: A.SitePointName["span"], suggestion?: string): undefined => {
    found.push({ code, severity: "error", message, span, ...(suggestion !== undefined ? { suggestion } : {}) });
    return undefined;
  };
  const written = pointText(point);
  if (site === undefined) {
    return error(
      "point/no-site",
      `${written} names a point of the site, but no site was given: compile the pack, whose site.yaml defines the names, or write measurement(i, p) or action(i, p)`,
      point.span,
    );
  }
  const lookup = site.findInstance(point.instance, point.quoted);
  if ("missing" in lookup) return error("point/unknown-instance", missingInstanceMessage(point), point.instanceSpan, spend(budget) ? instanceMeant(point, site) : undefined);
  if ("ambiguous" in lookup) {
    const ids = lookup.ambiguous.map((i) => i.id).join(", ");
    return error(
      "point/ambiguous-instance",
      `${lookup.ambiguous.length} instances are named ${JSON.stringify(point.instance)} (ids ${ids}): give them keys in site.yaml and write the key, or write the point by number`,
      point.instanceSpan,
    );
  }
  const instance = lookup.found;
  const entry = site.pointNamed(instance, point.name);
  const instanceText = point.quoted ? JSON.stringify(point.instance) : point.instance;
  if (entry === undefined) {
    const names = instance.points.map((p) => p.name);
    const near = spend(budget) ? closestName(point.name, names) : undefined;
    // Nothing close: list what the instance has (a few), so that the fix needs no trip to site.yaml.
    const listed = names.length === 0 ? `instance ${instance.id} has no points` : `its points are ${names.slice(0, LISTED).join(", ")}${names.length > LISTED ? ", ..." : ""}`;
    return error("point/unknown-point", `instance ${instance.id} (${instance.name}) has no point named '${point.name}'`, point.nameSpan, didYouMean(near && `${instanceText}.${near}`) ?? listed);
  }
  if (access === "write" && entry.ref.point_type !== "action") {
    const writer = actionReadingBack(entry, site);
    return error(
      "rule/write-to-measurement",
      `${written} is ${refText(entry.ref)}, a measurement: only action points can be written; a measurement is read-only`,
      point.span,
      writer === undefined ? undefined : `write ${instanceText}.${writer.name} (it reads back into ${entry.name})`,
    );
  }
  return { kind: "point", pointType: entry.ref.point_type, instance: entry.ref.instance, point: entry.ref.point, span: point.span };
}

const LISTED = 8;

function missingInstanceMessage(point: A.SitePointName): string {
  return point.quoted ? `the site has no instance named ${JSON.stringify(point.instance)}` : `the site has no instance with the key '${point.instance}'`;
}

// The instance as it can be written: the other form of the same text first (a key written in
// quotes, or a name written bare), else the nearest key or name.
function instanceMeant(point: A.SitePointName, site: SiteIndex): string | undefined {
  const other = site.findInstance(point.instance, !point.quoted);
  if ("found" in other) return point.quoted ? didYouMean(`${point.instance}.${point.name}`) : didYouMean(`${JSON.stringify(point.instance)}.${point.name}`);
  const near = closestName(point.instance, site.instanceNames);
  if (near === undefined) {
    if (point.quoted) {
      const names = [...new Set(site.site.instances.map((i) => JSON.stringify(i.name)))];
      return `the site's instances are named ${names.slice(0, LISTED).join(", ")}${names.length > LISTED ? ", ..." : ""}`;
    }
    const keys = site.site.instances.flatMap((i) => (i.key === undefined ? [] : [i.key]));
    if (keys.length === 0) return "no instance of the site has a key: name one in quotes (\"AHU-1\".point), or give instances keys in site.yaml";
    return `the site's keys are ${keys.slice(0, LISTED).join(", ")}${keys.length > LISTED ? ", ..." : ""}`;
  }
  const asKey = site.findInstance(near, false);
  return didYouMean(`${"found" in asKey ? near : JSON.stringify(near)}.${point.name}`);
}

// The action of the same instance whose value the measurement shows (`reads_back`).
function actionReadingBack(entry: SitePointEntry, site: SiteIndex): SitePointEntry | undefined {
  return site.points.find((p) => p.instance === entry.instance && p.readsBack?.point === entry.ref.point);
}
