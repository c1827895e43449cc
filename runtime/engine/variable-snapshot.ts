// Builds the variable snapshot of the result record from the slots. The builder is generated
// once per rule as an object literal with fixed keys, so every snapshot of a rule shares one
// hidden class. Keys are identifiers (checked by the nodes_json schema) printed by
// JSON.stringify; `__proto__` is written as a computed key so it stays an own property.
import type { Value } from "./compiled-types.js";

export type SnapshotBuilder = (slots: readonly Value[]) => Record<string, Value>;

/**
 * A new slots array, every slot NaN. Built as an array literal so V8 stores the numbers unboxed
 * (a double array) until a boolean arrives; a variable never assigned stays NaN (null in JSON).
 */
export function createSlotsFactory(count: number): () => Value[] {
  // eslint-disable-next-line no-new-func -- source is a fixed literal of `count` NaNs
  return new Function(`"use strict"; return () => [${new Array<string>(count).fill("NaN").join(", ")}];`)() as () => Value[];
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function createSnapshotBuilder(names: readonly string[]): SnapshotBuilder {
  const fields = names.map((name, slot) => {
    if (!IDENTIFIER.test(name)) throw new Error(`variable name ${JSON.stringify(name)} is not an identifier`);
    const key = name === "__proto__" ? `[${JSON.stringify(name)}]` : JSON.stringify(name);
    return `${key}: s[${slot}]`;
  });
  // eslint-disable-next-line no-new-func -- source built only from checked identifiers and integers
  return new Function("s", `"use strict"; return {${fields.join(", ")}};`) as SnapshotBuilder;
}
