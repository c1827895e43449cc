// Reading the yaml nodes of a schema-checked rule file: entries of a mapping by key, in order.
import { isMap, isScalar, type Node, type Pair, type Scalar, type YAMLMap, type YAMLSeq } from "yaml";

export type Entry = Pair<Scalar, Node>;

/** The entries of a mapping, in the order written (keys are scalars once the schema passed). */
export function entries(node: unknown): Entry[] {
  return isMap(node) ? (node.items as Entry[]).filter((pair) => isScalar(pair.key)) : [];
}

export function keyOf(entry: Entry): string {
  return String(entry.key.value);
}

export function entry(node: unknown, key: string): Entry | undefined {
  return entries(node).find((e) => keyOf(e) === key);
}

/** The value of `key`, typed as what the schema guarantees it is. */
export function valueOf<T extends Node | undefined>(node: unknown, key: string): T {
  return entry(node, key)?.value as T;
}

export type { Node, Scalar, YAMLMap, YAMLSeq };
