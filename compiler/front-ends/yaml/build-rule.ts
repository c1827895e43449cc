// One rule of a YAML file to a rule AST declaration: its settings from the YAML keys, its items
// from `steps` and `blocks` (in the order the keys are written), or its raw editor `flow`.
import type * as A from "../../../grammar/rule/ast.js";
import { toStatements } from "./build-steps.js";
import { isPointText, toDurationMs, toPoint, toSetting, toValueDeadband } from "./scalars.js";
import { entries, entry, keyOf, valueOf, type Entry, type Scalar, type YAMLMap, type YAMLSeq } from "./yaml-nodes.js";
import { nodeSpan, report, type YamlText } from "./yaml-text.js";

export interface BuiltRule {
  decl: A.RuleDecl;
  /** Written as `flow:` (the rule then has no items). */
  flow: boolean;
}

export function toRule(src: YamlText, map: YAMLMap, path: string): BuiltRule {
  const name = valueOf<Scalar>(map, "name");
  const settings: A.RuleSettings = { order: [] };
  const items: A.RuleItem[] = [];
  for (const e of entries(map)) {
    const key = keyOf(e);
    if (key === "steps") items.push(...toStatements(src, e.value as YAMLSeq, `${path}/steps`));
    else if (key === "blocks") items.push(...toBlocks(src, e.value as YAMLMap, `${path}/blocks`));
    else if (key !== "name" && key !== "flow") addSetting(src, settings, e);
  }
  const flow = entry(map, "flow");
  for (const key of ["steps", "blocks"]) {
    const written = entry(map, key);
    if (flow !== undefined && written !== undefined) {
      report(src, "yaml/steps-and-flow", `a rule has either \`${key}\` or \`flow\`, not both`, nodeSpan(src, written.key), { path: `${path}/${key}` });
    }
  }
  const decl: A.RuleDecl = { kind: "rule", name: String(name.value), nameSpan: nodeSpan(src, name), settings, items, span: nodeSpan(src, map) };
  return { decl, flow: flow !== undefined };
}

function toBlocks(src: YamlText, map: YAMLMap, path: string): A.BlockDecl[] {
  return entries(map).map((e) => {
    const name = keyOf(e);
    return { kind: "block", name, nameSpan: nodeSpan(src, e.key), body: toStatements(src, e.value as YAMLSeq, `${path}/${name}`), span: nodeSpan(src, e) };
  });
}

function addSetting(src: YamlText, settings: A.RuleSettings, e: Entry): void {
  const key = keyOf(e);
  const keySpan = nodeSpan(src, e.key);
  const value = e.value as Scalar;
  if (key === "description") settings.description = toSetting(src, String(value.value), keySpan, value);
  else if (key === "priority") settings.priority = toSetting(src, Number(value.value), keySpan, value);
  else if (key === "cooldown") settings.cooldownMs = toSetting(src, toDurationMs(value), keySpan, value);
  else if (key === "trigger") settings.trigger = toSetting(src, toTrigger(src, e.value as YAMLMap), keySpan, e.value as YAMLMap);
  else return;
  settings.order.push(key === "cooldown" ? "cooldownMs" : key);
}

function toTrigger(src: YamlText, map: YAMLMap): A.Trigger {
  const every = valueOf<Scalar | undefined>(map, "every");
  if (every !== undefined) return { kind: "every", intervalMs: toDurationMs(every) };
  const points = valueOf<YAMLSeq>(map, "on_change").items.map((item) => toSource(src, item as Scalar));
  const trigger: A.OnChangeTrigger = { kind: "on_change", points };
  const deadband = entry(map, "deadband");
  if (deadband !== undefined) trigger.deadbandMs = toSetting(src, toDurationMs(deadband.value as Scalar), nodeSpan(src, deadband.key), deadband.value as Scalar);
  const value = entry(map, "value");
  if (value !== undefined) trigger.valueDeadband = toSetting(src, toValueDeadband(value.value as Scalar), nodeSpan(src, value.key), value.value as Scalar);
  return trigger;
}

function toSource(src: YamlText, node: Scalar): A.NamedPointRef | A.PointSource {
  const text = String(node.value);
  return isPointText(text) ? toPoint(src, node) : { kind: "name", name: text.trim(), span: nodeSpan(src, node) };
}
