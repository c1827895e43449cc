// The YAML value against schemas/rule-file.schema.json, with the generated guard; each problem
// (`schema/<keyword>`, JSON Pointer path) is placed in the file with createJsonLocator.
import { isMap, isScalar, isSeq, type Document, type Node } from "yaml";
import type { Diagnostic, SourceSpan, YamlRuleFile } from "../../../generated/types.js";
import { closestName, validateYamlRuleFile } from "../../../generated/index.js";
import { pointerTokens } from "../../diagnostics/diagnostic.js";
import { createJsonLocator } from "../../diagnostics/json-locations.js";
import { KINDS } from "./build-steps.js";
import { nodeSpan, spanBetween, type YamlText } from "./yaml-text.js";

// `{a: measurement(12, 3)}`: in a flow collection the comma splits a point in two pieces.
const HEAD = /^\s*(measurement|action)\s*\(\s*\d+\s*$/;
const TAIL = /^\s*\d+\s*\)\s*$/;
const COMMA_HINT = 'quote the point, e.g. "measurement(12, 3)": inside {...} or [...] a comma ends the value';

// Keys that belong to a step but never name one. In a step named by no known key (`whn: a` with
// `then: [...]`), the misspelt key is the mistake: these are not, and "did you mean" would mislead.
const STEP_PARTS = new Set(["then", "output", "value", "point", "over", "cases"]);

// A trigger without `every` is checked as an on_change trigger, whose keys do not include `every`:
// an unknown key is matched against every trigger key, and a misspelt `every` (`evry: 1s`) is the
// mistake, not the missing `on_change`.
const TRIGGER_KEYS = ["every", "on_change", "deadband", "value"];

// Keys whose value is a duration string: a bare number there is missing its unit.
const DURATION_KEY = /\/(cooldown|every|deadband|over)$/;

/** The file's value when it matches the schema; otherwise undefined, with the problems reported. */
export function checkSchema(src: YamlText, doc: Document.Parsed): YamlRuleFile | undefined {
  const value: unknown = doc.toJS();
  const problems: Diagnostic[] = [];
  if (validateYamlRuleFile(value, problems)) return value;
  const locator = createJsonLocator(src.text);
  const pieces = problems.map((p) => pieceAt(valueAt(value, p.path ?? ""), p.path ?? ""));
  const headFound = pieces.includes("head");
  problems.forEach((problem, i) => {
    if (pieces[i] === "tail" && headFound) return; // one mistake, one diagnostic: keep the head's
    if (partOfUnknownStep(value, problem, problems)) return; // likewise: keep the misspelt kind's
    if (missingOnChangeOfEvery(problem, problems)) return; // and the misspelt `every`'s
    const path = problem.path ?? "";
    const key = problem.code === "schema/additional-properties" ? keyNode(doc, path) : undefined;
    const span = key !== undefined ? nodeSpan(src, key) : trimmed(src, locator.locate(path) ?? spanBetween(src, 0, 0));
    const diagnostic: Diagnostic = { ...problem, span };
    const found = valueAt(value, path);
    if (typeof found === "number" && !Number.isFinite(found)) diagnostic.message = `expected a finite number, got ${String(found)}`;
    if (problem.suggestion === undefined && pieces[i] !== undefined) diagnostic.suggestion = COMMA_HINT;
    if (problem.suggestion === undefined && typeof found === "number" && DURATION_KEY.test(path)) diagnostic.suggestion = `a duration has a unit: ${found}ms, ${found}s, ${found}m or ${found}h`;
    const meant = triggerKeyMeant(problem);
    if (problem.suggestion === undefined && meant !== undefined) diagnostic.suggestion = `did you mean '${meant}'?`;
    src.diagnostics.push(diagnostic);
  });
  return undefined;
}

// The key node of the mapping entry a pointer ends at (for unknown properties: mark the name).
function keyNode(doc: Document.Parsed, path: string): Node | undefined {
  const tokens = pointerTokens(path);
  let node = doc.contents as Node | null | undefined;
  for (const [i, token] of tokens.entries()) {
    if (isSeq(node)) node = node.items[Number(token)] as Node | undefined;
    else if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === token);
      if (i === tokens.length - 1) return (pair?.key as Node | undefined) ?? undefined;
      node = pair?.value as Node | undefined;
    } else return undefined;
  }
  return undefined;
}

/** The key a `schema/additional-properties` problem is about. */
function unknownKey(problem: Diagnostic): string | undefined {
  return problem.code === "schema/additional-properties" ? pointerTokens(problem.path ?? "").pop() : undefined;
}

function parentOf(path: string | undefined): string {
  return (path ?? "").slice(0, (path ?? "").lastIndexOf("/"));
}

// An unknown `then` (`output`, ...) in a step of no known kind, beside an unknown key that is not
// a step part (the step's misspelt kind). Steps are inside a rule's `steps` or `blocks`, never in
// its `flow` document.
function partOfUnknownStep(value: unknown, problem: Diagnostic, problems: Diagnostic[]): boolean {
  const key = unknownKey(problem);
  if (key === undefined || !STEP_PARTS.has(key)) return false;
  const parent = parentOf(problem.path);
  const [, , section, ...rest] = pointerTokens(parent);
  if ((section !== "steps" && section !== "blocks") || rest.length === 0) return false;
  const step = valueAt(value, parent);
  if (step === null || typeof step !== "object" || KINDS.some((kind) => Object.hasOwn(step, kind))) return false;
  return problems.some((p) => parentOf(p.path) === parent && unknownKey(p) !== undefined && !STEP_PARTS.has(unknownKey(p)!));
}

// The trigger key that an unknown key of a trigger is nearest to.
function triggerKeyMeant(problem: Diagnostic): string | undefined {
  const [rules, , trigger, ...rest] = pointerTokens(problem.path ?? "");
  const key = unknownKey(problem);
  return rules === "rules" && trigger === "trigger" && rest.length === 1 && key !== undefined ? closestName(key, TRIGGER_KEYS) : undefined;
}

// The missing `on_change` of a trigger with a misspelt `every`.
function missingOnChangeOfEvery(problem: Diagnostic, problems: Diagnostic[]): boolean {
  return problem.code === "schema/required" && problems.some((p) => parentOf(p.path) === problem.path && triggerKeyMeant(p) === "every");
}

function valueAt(value: unknown, path: string): unknown {
  let at = value;
  for (const token of pointerTokens(path)) at = at !== null && typeof at === "object" && Object.hasOwn(at, token) ? (at as Record<string, unknown>)[token] : undefined;
  return at;
}

// Whether the value (or the key) a problem is about is a piece of a point split by a comma.
function pieceAt(at: unknown, path: string): "head" | "tail" | undefined {
  const text = typeof at === "string" ? at : (pointerTokens(path).pop() ?? "");
  return HEAD.test(text) ? "head" : TAIL.test(text) ? "tail" : undefined;
}

// A block collection's range runs on to the next line: end the span at its last character.
function trimmed(src: YamlText, span: SourceSpan): SourceSpan {
  let end = span.end.offset;
  while (end > span.start.offset && /\s/.test(src.text[end - 1] ?? "")) end--;
  return end === span.end.offset ? span : spanBetween(src, span.start.offset, end);
}
