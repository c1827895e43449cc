// The schemas module: every schema file of schemas/ verbatim, as data, so the runtime can build
// the OpenAPI document (and anything else that needs the shapes) without reading files.
import { GENERATED_HEADER, type SchemaSource } from "./schema-source.js";

export function emitSchemas(sources: readonly SchemaSource[]): string {
  const entries = sources.map(({ file, schema }) => `  {\n    file: ${JSON.stringify(file)},\n    schema: ${indent(JSON.stringify(schema, null, 2), "    ")},\n  },`);
  return `${GENERATED_HEADER}
/** A JSON value of a schema, read-only. */
export type JsonSchemaValue = null | boolean | number | string | readonly JsonSchemaValue[] | { readonly [key: string]: JsonSchemaValue };

/** One file of schemas/: its file name and its parsed contents. */
export interface SchemaFile {
  readonly file: string;
  readonly schema: { readonly [key: string]: JsonSchemaValue };
}

/** Every file of schemas/, by file name; frozen, so no reader can change what another one sees. */
export const SCHEMAS: readonly SchemaFile[] = deepFreeze<readonly SchemaFile[]>([
${entries.join("\n")}
]);

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object") {
    for (const item of Object.values(value)) deepFreeze(item);
    Object.freeze(value);
  }
  return value;
}
`;
}

function indent(text: string, prefix: string): string {
  return text.replace(/\n/g, `\n${prefix}`);
}
