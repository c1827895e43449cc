// Flattens every schema file into one root with a flat $defs keyed by type name, rewriting
// cross-file $refs to local ones, so json-schema-to-typescript declares each type exactly once
// and never touches the disk or the network.
import { rootTypeName, type JsonObject, type SchemaSource } from "./schema-source.js";

export function bundleForTypes(sources: readonly SchemaSource[]): JsonObject {
  const defs: JsonObject = {};
  const rootNames = new Map<string, string>(); // file -> root type name
  for (const source of sources) rootNames.set(source.file, String(source.schema.title));
  const properties: JsonObject = {};
  for (const source of sources) {
    const { $defs, $id: _id, $schema: _schema, ...root } = source.schema;
    for (const [key, def] of Object.entries(($defs as JsonObject | undefined) ?? {})) {
      const title = (def as JsonObject).title;
      if (title !== key) throw new Error(`${source.file}: $defs/${key} must have the title "${key}" (it names the type)`);
      addDef(defs, key, rewriteRefs(def, source.file, rootNames), source.file);
    }
    const name = rootTypeName(source);
    if (name !== undefined) {
      addDef(defs, name, rewriteRefs(root, source.file, rootNames), source.file);
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

function rewriteRefs(value: unknown, file: string, rootNames: Map<string, string>): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, file, rootNames));
  if (value === null || typeof value !== "object") return value;
  const out: JsonObject = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = key === "$ref" && typeof item === "string" ? localRef(item, file, rootNames) : rewriteRefs(item, file, rootNames);
  }
  return out;
}

function localRef(ref: string, file: string, rootNames: Map<string, string>): string {
  const [target = "", fragment = ""] = ref.split("#");
  const targetFile = target === "" ? file : target;
  const rootName = rootNames.get(targetFile);
  if (rootName === undefined) throw new Error(`${file}: $ref "${ref}" names an unknown schema file`);
  if (fragment === "") return `#/$defs/${rootName}`;
  const match = /^\/\$defs\/([^/]+)$/.exec(fragment);
  if (match === null) throw new Error(`${file}: $ref "${ref}" must point at a file or at one of its $defs`);
  return `#/$defs/${match[1]}`;
}
