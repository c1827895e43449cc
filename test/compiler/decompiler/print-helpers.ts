// Helpers of the printer tests: format a source (checking that formatting is idempotent), write
// expected lines, and strip an AST's positions as the decompiler makes it.
import { expect } from "chai";
import { printRuleFile } from "../../../compiler/decompiler/print-rule.js";
import { NO_SPAN, parseRuleSource } from "../../../grammar/rule/index.js";
import { SPAN_KEYS } from "../../helpers/without-spans.js";

export function fmt(source: string): string {
  const { file, diagnostics } = parseRuleSource(source);
  expect(diagnostics, JSON.stringify(diagnostics, null, 1)).to.deep.equal([]);
  const text = printRuleFile(file);
  expect(printRuleFile(parseRuleSource(text).file), "formatting is idempotent").to.equal(text);
  return text;
}

export const lines = (...l: string[]): string => `${l.join("\n")}\n`;

/** The AST with every source position replaced by NO_SPAN, as the decompiler makes it. */
export function withNoSpans(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withNoSpans);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, SPAN_KEYS.has(key) ? NO_SPAN : withNoSpans(v)]));
}
