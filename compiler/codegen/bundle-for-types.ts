// Flattens every schema file into one root with a flat $defs keyed by type name, rewriting
// cross-file $refs to local ones, so json-schema-to-typescript declares each type exactly once
// and never touches the disk or the network.
import { resolveSchemaFile, rootTypeName, type JsonObject, type SchemaSource } from "./schema-source.js";

// Keywords that only document. json-schema-to-typescript declares a second, numbered copy of a
// type for a $ref that carries any sibling, so beside a $ref they are dropped (types only).
const ANNOTATIONS = new Set(["description", "default", "examples", "$comment"]);

interface Context {
  files: Map<string, SchemaSource>;
  /** file -> root type name */
  rootNames: Map<string, string>;
}

export function bundleForTypes(sources: readonly SchemaSource[]): JsonObject {
  const defs: JsonObject = {};
  const context: Context = {
    files: new Map(sources.map((s) => [s.file, s])),
    rootNames: new Map(sources.map((s) => [s.file, String(s.schema.title)])),
  };
  const properties: JsonObject = {};
  for (const source of sources) {
    const { $defs, $id: _id, $schema: _schema, ...root } = source.schema;
    for (const [key, def] of Object.entries(($defs as JsonObject | undefined) ?? {})) {
      const title = (def as JsonObject).title;
      if (title !== key) throw new Error(`${source.file}: $defs/${key} must have the title "${key}" (it names the type)`);
      addDef(defs, key, rewriteRefs(def, source.file, context, []), source.file);
    }
    const name = rootTypeName(source);
    if (name !== undefined) {
      addDef(defs, name, rewriteRefs(root, source.file, context, []), source.file);
      properties[source.file.replace(/\.schema\.json$/, "")] = { $ref: `#/$defs/${name}` };
    }
  }
  return {
    title: "SchemaTypes",
    description: "Every schema file of schemas/ by its file name, to its root type.",
    type: "object",
    additionalProperties: false,
    required: Object.keys(properties),
    properties,
    $defs: defs,
  };
}

function addDef(defs: JsonObject, name: string, schema: unknown, file: string): void {
  if (name in defs) throw new Error(`${file}: the type name "${name}" is declared twice across schemas/`);
  defs[name] = schema;
}

function rewriteRefs(value: unknown, file: string, context: Context, inlining: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, file, context, inlining));
  if (value === null || typeof value !== "object") return value;
  const { $ref, ...rest } = value as JsonObject;
  if (typeof $ref === "string") return rewriteRef($ref, rest, file, context, inlining);
  const out: JsonObject = {};
  for (const [key, item] of Object.entries(rest)) out[key] = rewriteRefs(item, file, context, inlining);
  return out;
}

// A $ref to a file or to one of its $defs stays a reference to the named type. A $ref deeper
// into a file (`rule.schema.json#/properties/name`) names no type: its target is copied in.
function rewriteRef(ref: string, siblings: JsonObject, file: string, context: Context, inlining: readonly string[]): JsonObject {
  const [target = "", fragment = ""] = ref.split("#");
  const targetFile = resolveSchemaFile(file, target);
  const rootName = context.rootNames.get(targetFile);
  if (rootName === undefined) throw new Error(`${file}: $ref "${ref}" names an unknown schema file`);
  const kept: JsonObject = {};
  for (const [key, item] of Object.entries(siblings)) if (!ANNOTATIONS.has(key)) kept[key] = rewriteRefs(item, file, context, inlining);
  if (fragment === "") return { $ref: `#/$defs/${rootName}`, ...kept };
  if (!fragment.startsWith("/")) throw new Error(`${file}: $ref "${ref}" must point at a file or into it with a JSON Pointer`);
  if (/^\/\$defs\/[^/]+$/.test(fragment)) return { $ref: `#${fragment}`, ...kept };
  const key = `${targetFile}#${fragment}`;
  if (inlining.includes(key)) throw new Error(`${file}: $ref "${ref}" refers to itself`);
  const resolved = resolvePointer(context.files.get(targetFile)!.schema, fragment);
  if (resolved === undefined) throw new Error(`${file}: $ref "${ref}" points at nothing`);
  const inlined = rewriteRefs(resolved, targetFile, context, [...inlining, key]) as JsonObject;
  return { ...inlined, ...kept };
}

function resolvePointer(root: JsonObject, fragment: string): JsonObject | undefined {
  let node: unknown = root;
  for (const token of fragment.split("/").slice(1)) {
    const name = decodeURIComponent(token).replace(/~1/g, "/").replace(/~0/g, "~");
    node = node !== null && typeof node === "object" ? (node as JsonObject)[name] : undefined;
  }
  return node !== null && typeof node === "object" && !Array.isArray(node) ? (node as JsonObject) : undefined;
}
