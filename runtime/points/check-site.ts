// What a site model must satisfy beyond its schema: every reference resolves, ids, points and slots
// are unique where they must be, ranges are ranges, keys can be written in a rule, and a read-back
// never takes a measurement out of its range (the compiler's range proof trusts it). Pure: a
// schema-valid site in, diagnostics (`site/...` codes, JSON Pointer paths) out; loadSite places
// them in the file.
import { closestName } from "../../generated/index.js";
import type { Diagnostic, SiteInstance, SiteMeasurementPoint, SiteModel, SitePoint } from "../../generated/types.js";
import { didYouMean, pointer } from "../../compiler/diagnostics/diagnostic.js";
import { pointRefText } from "./point-text.js";

/**
 * Words the rule language reserves (grammar/expression/tokens.ts: the literals and the word
 * operators): `true.x` is not a point, so no instance may take one as its key. The DSL's other
 * keywords (`write`, `end`, ...) are soft and work as keys.
 */
export const RESERVED_KEYS: readonly string[] = ["true", "false", "and", "or", "not"];

type Report = (code: string, message: string, path: string, suggestion?: string) => void;

export function checkSite(site: SiteModel): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const report: Report = (code, message, path, suggestion) => {
    const diagnostic: Diagnostic = { code, severity: "error", message, path };
    if (suggestion !== undefined) diagnostic.suggestion = suggestion;
    diagnostics.push(diagnostic);
  };
  const channels = new Set<string>();
  site.channels.forEach((channel, i) => {
    if (channels.has(channel.id)) report("site/duplicate-channel", `channel '${channel.id}' is declared twice`, pointer("channels", i, "id"));
    channels.add(channel.id);
  });
  const instances = new Map<number, SiteInstance>();
  const keys = new Map<string, SiteInstance>();
  site.instances.forEach((instance, i) => {
    const first = instances.get(instance.id);
    if (first !== undefined) report("site/duplicate-instance", `instance id ${instance.id} is already taken by '${first.name}'`, pointer("instances", i, "id"));
    else instances.set(instance.id, instance);
    if (instance.key !== undefined) {
      if (RESERVED_KEYS.includes(instance.key)) {
        const message = `key '${instance.key}' is a reserved word of the rule language (${RESERVED_KEYS.join(", ")}): a rule could not name the instance by it`;
        report("site/reserved-key", message, pointer("instances", i, "key"), `choose another key, such as '${instance.key}_1'`);
      }
      // Rules name instances by key (`ahu1.cooling_stage`): one key, one instance.
      const taken = keys.get(instance.key);
      if (taken !== undefined) report("site/duplicate-instance-key", `key '${instance.key}' is already taken by instance ${taken.id} ('${taken.name}')`, pointer("instances", i, "key"));
      else keys.set(instance.key, instance);
    }
    if (!channels.has(instance.channel)) {
      const message = `instance ${instance.id} ('${instance.name}') is routed to channel '${instance.channel}', which the site does not declare`;
      report("site/unknown-channel", message, pointer("instances", i, "channel"), didYouMean(closestName(instance.channel, [...channels])));
    }
    checkPoints(instance, i, report);
  });
  checkSlots(site, report);
  return diagnostics;
}

function checkPoints(instance: SiteInstance, i: number, report: Report): void {
  const declared = new Set<string>();
  const names = new Set<string>();
  const measurements = new Map<number, SiteMeasurementPoint>();
  for (const point of instance.points) if (point.type === "measurement" && !measurements.has(point.point)) measurements.set(point.point, point);
  instance.points.forEach((point, j) => {
    const at = (...tokens: string[]): string => pointer("instances", i, "points", j, ...tokens);
    const text = pointRefText({ instance: instance.id, point_type: point.type, point: point.point });
    const key = `${point.type} ${point.point}`;
    if (declared.has(key)) report("site/duplicate-point", `${text} is declared twice in instance '${instance.name}'`, at("point"));
    declared.add(key);
    if (names.has(point.name)) report("site/duplicate-point-name", `two points of instance '${instance.name}' are named '${point.name}'`, at("name"));
    names.add(point.name);
    checkRange(point, text, at, report);
    if (point.type === "measurement" && point.simulate !== undefined) {
      const { min, max } = point.simulate;
      if (min !== undefined && max !== undefined && min > max) report("site/min-above-max", `the simulation of ${text} has min ${min} above max ${max}`, at("simulate", "min"));
    }
    if (point.type === "action" && point.reads_back !== undefined) {
      const target = measurements.get(point.reads_back);
      if (target === undefined) {
        report("site/reads-back-target", `${text} reads back into measurement ${point.reads_back}, which instance '${instance.name}' does not declare`, at("reads_back"));
      } else {
        if (target.simulate !== undefined) {
          report("site/reads-back-simulated", `${text} reads back into measurement ${point.reads_back}, which is simulated: the simulation would overwrite the written value`, at("reads_back"));
        }
        // An accepted write is copied into the measurement: a value the action allows must be one
        // the measurement allows, or the compiler's range proof (point/out-of-range), which trusts
        // the measurement's range, would refuse a rule that works.
        if (!within(point, target)) {
          const message = `${text} ranges over ${rangeText(point)} but reads back into measurement ${point.reads_back} ('${target.name}'), whose range is ${rangeText(target)}: an accepted write would put a value outside it`;
          report("site/reads-back-range", message, at("reads_back"), `give measurement ${point.reads_back} a range that contains the action's, or narrow the action's`);
        }
      }
    }
  });
}

/** `[0, 2]`, `[-Infinity, 100]`: a point's declared range. */
function rangeText(point: SitePoint): string {
  return `[${point.min ?? "-Infinity"}, ${point.max ?? "Infinity"}]`;
}

/** Whether every value of `inner`'s range lies in `outer`'s (an absent bound is unbounded). */
function within(inner: SitePoint, outer: SitePoint): boolean {
  return (inner.min ?? -Infinity) >= (outer.min ?? -Infinity) && (inner.max ?? Infinity) <= (outer.max ?? Infinity);
}

function checkRange(point: SitePoint, text: string, at: (...tokens: string[]) => string, report: Report): void {
  const { min, max, initial } = point;
  if (min !== undefined && max !== undefined && min > max) report("site/min-above-max", `${text} has min ${min} above max ${max}`, at("min"));
  else if (initial !== undefined && ((min !== undefined && initial < min) || (max !== undefined && initial > max))) {
    report("site/initial-out-of-range", `the initial value ${initial} of ${text} is outside its range ${rangeText(point)}`, at("initial"));
  }
}

// Explicit slots only: derived ones never collide (see slots.ts).
function checkSlots(site: SiteModel, report: Report): void {
  const owners = new Map<string, string>();
  site.instances.forEach((instance, i) => {
    instance.points.forEach((point, j) => {
      if (point.slot === undefined) return;
      const key = `${point.type}\u0000${instance.channel}\u0000${point.slot}`;
      const text = pointRefText({ instance: instance.id, point_type: point.type, point: point.point });
      const owner = owners.get(key);
      const kind = point.type === "action" ? "command" : "measurement";
      if (owner !== undefined) report("site/duplicate-slot", `${text} takes ${kind} slot ${point.slot} on channel '${instance.channel}', already taken by ${owner}`, pointer("instances", i, "points", j, "slot"));
      else owners.set(key, text);
    });
  });
}
