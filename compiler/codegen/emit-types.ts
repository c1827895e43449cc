// TypeScript types for every schema, with json-schema-to-typescript over the flat bundle.
import { compile } from "json-schema-to-typescript";
import { bundleForTypes } from "./bundle-for-types.js";
import { GENERATED_HEADER, type SchemaSource } from "./schema-source.js";

export async function emitTypes(sources: readonly SchemaSource[]): Promise<string> {
  const bundle = bundleForTypes(sources);
  const code = await compile(bundle as Parameters<typeof compile>[0], "SchemaTypes", {
    bannerComment: "",
    unreachableDefinitions: true,
    declareExternallyReferenced: true,
    strictIndexSignatures: true,
    ignoreMinAndMaxItems: true, // counts are the validator's job; tuple types would only get in the way
    format: true,
  });
  return GENERATED_HEADER + stripBundleNotes(code);
}

// The bundle is an artefact of generation; notes that point into it would only confuse a reader.
function stripBundleNotes(code: string): string {
  return code
    .replace(/^ \* This interface was referenced by `SchemaTypes`'s JSON-Schema\n \* via the `definition` "[^"]+"\.\n/gm, "")
    .replace(/^ \*\n \*\/\n/gm, " */\n")
    .replace(/^\/\*\*\n \*\/\n/gm, "");
}
