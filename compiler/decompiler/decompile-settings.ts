// A rule's stored metadata as DSL settings: only what differs from the defaults, in the order
// description, priority, cooldown, trigger. A trigger point is written as the input variable that
// reads it when exactly one variable name reads it and that name reads nothing else.
import type { ExecNode, PointRef as StoredPointRef } from "../../generated/types.js";
import { NO_SPAN, type NamedPointRef, type PointRef, type RuleSettings, type Setting, type Trigger } from "../../grammar/rule/ast.js";
import type { RuleMetadata } from "../lower/compiled-rule.js";
import { pointRef } from "./decompile-nodes.js";

export function decompileSettings(metadata: RuleMetadata, nodes: Iterable<ExecNode>): RuleSettings {
  const settings: RuleSettings = { order: [] };
  if (metadata.description !== "") {
    settings.description = setting(metadata.description);
    settings.order.push("description");
  }
  if (metadata.priority !== 0) {
    settings.priority = setting(metadata.priority);
    settings.order.push("priority");
  }
  if (metadata.cooldown_ms > 0) {
    settings.cooldownMs = setting(metadata.cooldown_ms);
    settings.order.push("cooldownMs");
  }
  if (metadata.trigger_config !== null) {
    settings.trigger = setting(toTrigger(metadata.trigger_config, inputNames(nodes)));
    settings.order.push("trigger");
  }
  return settings;
}

function setting<T>(value: T): Setting<T> {
  return { value, span: NO_SPAN, valueSpan: NO_SPAN };
}

function toTrigger(config: NonNullable<RuleMetadata["trigger_config"]>, names: InputNames): Trigger {
  if (config.type === "interval") return { kind: "every", intervalMs: config.interval_ms };
  const trigger: Trigger = { kind: "on_change", points: config.point_refs.map((ref) => source(ref, names)) };
  if ((config.time_deadband_ms ?? 0) > 0) trigger.deadbandMs = setting(config.time_deadband_ms!);
  const value = config.value_deadband;
  if (value !== undefined && value !== null) {
    trigger.valueDeadband = setting("absolute" in value ? { absolute: value.absolute } : { percent: value.percent });
  }
  return trigger;
}

interface InputNames {
  byPoint: Map<string, Set<string>>;
  byName: Map<string, Set<string>>;
}

const keyOf = (ref: StoredPointRef): string => `${ref.point_type}(${ref.instance}, ${ref.point})`;

function inputNames(nodes: Iterable<ExecNode>): InputNames {
  const names: InputNames = { byPoint: new Map(), byName: new Map() };
  for (const node of nodes) {
    if (node.type !== "input") continue;
    for (const v of node.variables) {
      const key = keyOf(v);
      if (!names.byPoint.has(key)) names.byPoint.set(key, new Set());
      if (!names.byName.has(v.name)) names.byName.set(v.name, new Set());
      names.byPoint.get(key)!.add(v.name);
      names.byName.get(v.name)!.add(key);
    }
  }
  return names;
}

function source(ref: StoredPointRef, names: InputNames): NamedPointRef | PointRef {
  const readers = [...(names.byPoint.get(keyOf(ref)) ?? [])];
  const name = readers.length === 1 ? readers[0]! : undefined;
  if (name !== undefined && names.byName.get(name)!.size === 1) return { kind: "name", name, span: NO_SPAN };
  return pointRef(ref.point_type, ref.instance, ref.point);
}
