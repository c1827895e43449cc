// Limits before contents (issue 19): with allErrors, ajv still validates every item of an array
// that already broke its maxItems (and every key of an object past its maxProperties), so a body
// of 100,000 wrong items cost 100,000 item checks and as many errors. Here the keywords that look
// at each item or key run only when the length is within the schema's limit; past it, the limit's
// own error is the answer. The value is invalid either way, so no valid value changes its verdict;
// keywords keep their place, schema paths and messages.
import type { Ajv2020 } from "ajv/dist/2020.js";
import { _, type Code } from "ajv/dist/compile/codegen/index.js";
import type { KeywordCxt } from "ajv/dist/compile/validate/index.js";

/** Keywords whose work grows with the number of items (uniqueItems: with its square). */
const PER_ITEM = ["items", "prefixItems", "contains", "uniqueItems", "unevaluatedItems"];
/** Keywords whose work grows with the number of keys. */
const PER_KEY = ["additionalProperties", "patternProperties", "propertyNames", "unevaluatedProperties"];

interface CodeRule {
  definition: { code?: (cxt: KeywordCxt, ruleType?: string) => void };
}

/** The schema a `$ref` names, from the base URI it is resolved against; undefined if unknown. */
export type RefResolver = (baseId: string, ref: string) => Record<string, unknown> | undefined;

const SCALAR = new Set(["string", "number", "integer", "boolean", "null"]);

/** Rewires this ajv instance's per-item and per-key keywords (the keyword modules stay untouched). */
export function checkLimitsFirst(ajv: Ajv2020, resolve: RefResolver): void {
  const rules = ajv.RULES.all as unknown as Record<string, CodeRule | boolean | undefined>;
  const guard = (keyword: string, within: (cxt: KeywordCxt) => Code | undefined): void => {
    const rule = rules[keyword];
    if (typeof rule !== "object" || rule.definition.code === undefined) return;
    const code = rule.definition.code;
    // A new definition object: the original is shared by every Ajv instance in the process.
    rule.definition = {
      ...rule.definition,
      code(cxt, ruleType) {
        const condition = within(cxt);
        if (condition === undefined) code(cxt, ruleType);
        else cxt.gen.if(condition, () => code(cxt, ruleType));
      },
    };
  };
  const limit = (cxt: KeywordCxt, name: "maxItems" | "maxProperties"): number | undefined => {
    const value = (cxt.parentSchema as Record<string, unknown>)[name];
    return typeof value === "number" ? value : undefined;
  };
  for (const keyword of PER_ITEM) {
    guard(keyword, (cxt) => {
      const max = limit(cxt, "maxItems");
      return max === undefined ? undefined : _`${cxt.data}.length <= ${max}`;
    });
  }
  // uniqueItems compares every pair unless it sees the items' type is scalar (then one pass with
  // a map); behind a `$ref` (a wire's NodeId targets) it cannot see it: give it the target's type.
  const uniqueItems = rules.uniqueItems;
  if (typeof uniqueItems === "object" && uniqueItems.definition.code !== undefined) {
    const code = uniqueItems.definition.code;
    uniqueItems.definition = {
      ...uniqueItems.definition,
      code(cxt, ruleType) {
        const parent = cxt.parentSchema as Record<string, unknown>;
        const items = parent.items as Record<string, unknown> | undefined;
        const type = typeof items?.$ref === "string" && items.type === undefined ? resolve(String(cxt.it.baseId), items.$ref)?.type : undefined;
        const types = ([] as unknown[]).concat(type ?? []);
        if (types.length > 0 && types.every((t) => SCALAR.has(String(t)))) {
          (cxt as { parentSchema: unknown }).parentSchema = { ...parent, items: { type } };
        }
        code(cxt, ruleType);
      },
    };
  }
  for (const keyword of PER_KEY) {
    guard(keyword, (cxt) => {
      const max = limit(cxt, "maxProperties");
      return max === undefined ? undefined : _`Object.keys(${cxt.data}).length <= ${max}`;
    });
  }
}
