// schemas/ as OpenAPI components: each file's root under its title, each $defs entry under its
// key, every $ref rewritten to point inside the document. Pure: the inputs are only read.

export type JsonObject = { [key: string]: unknown };

/** One file of schemas/ (generated/schemas.ts holds them all). */
export interface SchemaFileInput {
  readonly file: string;
  readonly schema: { readonly [key: string]: unknown };
}

export const COMPONENTS_PREFIX = "#/components/schemas/";

// Keywords whose value is a map of names to schemas, a list of schemas, or one schema; every
// other keyword's value is data (const, enum, default, discriminator...) and is copied as it is.
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "dependentSchemas"]);
const SCHEMA_LISTS = new Set(["allOf", "anyOf", "oneOf", "prefixItems"]);
const SCHEMA_VALUES = new Set(["items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames", "unevaluatedItems", "unevaluatedProperties"]);
// Identity belongs to the schema files, not to the document; tsType is read by codegen only.
const DROPPED = new Set(["$id", "$schema", "tsType"]);

interface FileInfo {
  file: string;
  id: string;
  title: string;
  /** Whether the root describes a value (and so is a component), rather than only holding $defs. */
  rootIsComponent: boolean;
  defs: Set<string>;
}

export function buildComponentSchemas(files: readonly SchemaFileInput[]): Record<string, JsonObject> {
  const infos = files.map(describeFile);
  const byId = new Map(infos.map((info) => [info.id, info]));
  const components = new Map<string, JsonObject>();
  const add = (name: string, schema: JsonObject, file: string): void => {
    if (components.has(name)) throw new Error(`schemas/${file}: the component name "${name}" is declared twice across schemas/`);
    components.set(name, schema);
  };
  files.forEach(({ file, schema }, i) => {
    const info = infos[i]!;
    const rewrite = (ref: string): string => toComponentRef(ref, info, byId);
    const { $defs, ...root } = schema;
    for (const [key, def] of Object.entries(($defs ?? {}) as JsonObject)) add(key, cleanSchema(def, rewrite, `${file}#/$defs/${key}`) as JsonObject, file);
    if (info.rootIsComponent) add(info.title, cleanSchema(root, rewrite, file) as JsonObject, file);
  });
  return Object.fromEntries([...components].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function describeFile({ file, schema }: SchemaFileInput): FileInfo {
  const { $id: id, title, type, oneOf, $defs } = schema;
  if (typeof id !== "string") throw new Error(`schemas/${file}: the root schema needs an $id`);
  if (typeof title !== "string") throw new Error(`schemas/${file}: the root schema needs a title`);
  const defs = Object.keys(($defs ?? {}) as JsonObject);
  return { file, id, title, rootIsComponent: type !== undefined || oneOf !== undefined, defs: new Set(defs) };
}

function cleanSchema(schema: unknown, rewrite: (ref: string) => string, where: string): unknown {
  if (typeof schema === "boolean") return schema;
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) throw new Error(`schemas/${where}: expected a schema (an object or a boolean)`);
  const out: JsonObject = {};
  for (const [keyword, value] of Object.entries(schema)) {
    const at = `${where}/${keyword}`;
    if (DROPPED.has(keyword)) continue;
    if (keyword === "$defs") throw new Error(`schemas/${at}: $defs are allowed only at the root of a file`);
    if (keyword === "$ref") {
      if (typeof value !== "string") throw new Error(`schemas/${at}: $ref must be a string`);
      out.$ref = rewrite(value);
    } else if (SCHEMA_MAPS.has(keyword)) {
      out[keyword] = Object.fromEntries(Object.entries(value as JsonObject).map(([name, sub]) => [name, cleanSchema(sub, rewrite, `${at}/${name}`)]));
    } else if (SCHEMA_LISTS.has(keyword)) {
      out[keyword] = (value as unknown[]).map((sub, i) => cleanSchema(sub, rewrite, `${at}/${i}`));
    } else if (SCHEMA_VALUES.has(keyword)) {
      out[keyword] = cleanSchema(value, rewrite, at);
    } else {
      out[keyword] = structuredClone(value);
    }
  }
  return out;
}

/** `rule.schema.json`, `flow-parts.schema.json#/$defs/X`, `#/$defs/X`, absolute `$id`s, and pointers deeper into a file. */
function toComponentRef(ref: string, from: FileInfo, byId: ReadonlyMap<string, FileInfo>): string {
  const hash = ref.indexOf("#");
  const target = hash < 0 ? ref : ref.slice(0, hash);
  const fragment = hash < 0 ? "" : ref.slice(hash + 1);
  const info = target === "" ? from : byId.get(new URL(target, from.id).href);
  if (info === undefined) throw new Error(`schemas/${from.file}: $ref "${ref}" names a file that is not in schemas/`);
  if (fragment !== "" && !fragment.startsWith("/")) throw new Error(`schemas/${from.file}: $ref "${ref}" must use a JSON Pointer fragment`);
  const def = /^\/\$defs\/([^/]+)(.*)$/.exec(fragment);
  if (def !== null) {
    const name = decodeToken(def[1]!);
    if (!info.defs.has(name)) throw new Error(`schemas/${from.file}: $ref "${ref}" names a $defs entry that ${info.file} does not have`);
    return `${COMPONENTS_PREFIX}${escapeToken(name)}${def[2]}`;
  }
  if (!info.rootIsComponent) throw new Error(`schemas/${from.file}: $ref "${ref}" points at the root of ${info.file}, which only holds $defs`);
  return `${COMPONENTS_PREFIX}${escapeToken(info.title)}${fragment}`;
}

function decodeToken(token: string): string {
  return decodeURIComponent(token).replace(/~1/g, "/").replace(/~0/g, "~");
}

export function escapeToken(token: string): string {
  return token.replace(/~/g, "~0").replace(/\//g, "~1");
}
