// All of codegen as one pure function: schema sources and support templates in, files out.
import { emitIndex } from "./emit-index.js";
import { emitSchemas } from "./emit-schemas.js";
import { emitTypes } from "./emit-types.js";
import { emitValidators } from "./emit-validators.js";
import { GENERATED_HEADER, type GeneratedFile, type SchemaSource } from "./schema-source.js";

/** A support module copied verbatim under generated/support/. */
export interface SupportTemplate {
  name: string;
  contents: string;
}

export async function generate(sources: readonly SchemaSource[], support: readonly SupportTemplate[]): Promise<GeneratedFile[]> {
  const sorted = [...sources].sort((a, b) => a.file.localeCompare(b.file));
  return [
    { path: "types.ts", contents: await emitTypes(sorted) },
    { path: "validators.ts", contents: emitValidators(sorted) },
    { path: "index.ts", contents: emitIndex(sorted) },
    { path: "schemas.ts", contents: emitSchemas(sorted) },
    ...support.map((t) => ({ path: `support/${t.name}`, contents: GENERATED_HEADER + t.contents })),
  ].sort((a, b) => a.path.localeCompare(b.path));
}
