// Random mutations of a JSON document for robustness properties: replace a value, delete a key
// or an item, point a string at a node id (cycles, joins, self-loops), or garble an expression.
import fc from "fast-check";
import type { Draw } from "./expression-arbitraries.js";

type Path = Array<string | number>;

export function mutateJson(g: Draw, document: unknown, nodeIds: readonly string[]): unknown {
  const copy: unknown = structuredClone(document);
  const paths = allPaths(copy);
  const path = paths[g(fc.nat, { max: paths.length - 1 })]!;
  if (path.length === 0) return g(fc.jsonValue, { maxDepth: 2 });
  const parent = get(copy, path.slice(0, -1)) as Record<string | number, unknown>;
  const key = path[path.length - 1]!;
  switch (g(fc.nat, { max: 4 })) {
    case 0:
      parent[key] = g(fc.jsonValue, { maxDepth: 2 });
      break;
    case 1:
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete parent[key];
      break;
    case 2:
      parent[key] = nodeIds.length > 0 ? nodeIds[g(fc.nat, { max: nodeIds.length - 1 })] : "x";
      break;
    case 3:
      parent[key] = g(fc.stringMatching, /^[a-z0-9 ()+\-*/%<>=!&|?:.,]{0,24}$/);
      break;
    default:
      parent[key] = g(fc.constantFrom, null, -1, 1.5, "", [], {}, "__proto__", 2 ** 53, "start", "default");
  }
  return copy;
}

function allPaths(value: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  out.push(prefix);
  if (Array.isArray(value)) value.forEach((item, i) => allPaths(item, [...prefix, i], out));
  else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) allPaths(item, [...prefix, key], out);
  }
  return out;
}

function get(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], value);
}
