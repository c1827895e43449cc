// The two value types of the expression language.
export type ValueType = "number" | "boolean";

/** A runtime value: points and arithmetic give numbers, comparisons and logic give booleans. */
export type Value = number | boolean;

export function typeOfValue(value: Value): ValueType {
  return typeof value === "boolean" ? "boolean" : "number";
}
