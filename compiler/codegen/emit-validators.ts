// Standalone validators for every schema root, with ajv's standalone code in ESM form.
import { Ajv2020 } from "ajv/dist/2020.js";
import standalone from "ajv/dist/standalone/index.js";

const standaloneCode = standalone.default;
import { checkLimitsFirst } from "./limits-first.js";
import { GENERATED_HEADER, validatedRoots, type SchemaSource } from "./schema-source.js";

/** The options every generated validator is compiled with: strict, all errors, no coercion or defaults. */
export function createAjv(sources: readonly SchemaSource[]): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    allowUnionTypes: true,
    discriminator: true,
    verbose: true,
    coerceTypes: false,
    useDefaults: false,
    // `format` annotates for docs and clients; each such schema also has a `pattern`, which validates.
    formats: { "date-time": true },
    code: { esm: true, source: true, lines: true },
  });
  ajv.addVocabulary(["tsType"]); // read by json-schema-to-typescript only
  checkLimitsFirst(ajv, (baseId, ref) => resolveRef(sources, baseId, ref));
  for (const source of sources) ajv.addSchema(source.schema);
  return ajv;
}

/** The subschema `ref` names (relative to `baseId`), looked up in the sources by `$id` and JSON Pointer. */
function resolveRef(sources: readonly SchemaSource[], baseId: string, ref: string): Record<string, unknown> | undefined {
  const [base = "", pointer = ""] = new URL(ref, baseId).href.split("#");
  let schema: unknown = sources.find((s) => s.schema.$id === base)?.schema;
  for (const token of pointer.split("/").filter(Boolean)) {
    schema = (schema as Record<string, unknown> | undefined)?.[token.replace(/~1/g, "/").replace(/~0/g, "~")];
  }
  return schema !== null && typeof schema === "object" ? (schema as Record<string, unknown>) : undefined;
}

export function rawValidatorName(typeName: string): string {
  return `rawValidate${typeName}`;
}

export function emitValidators(sources: readonly SchemaSource[]): string {
  const ajv = createAjv(sources);
  const exports: Record<string, string> = {};
  for (const { typeName, id } of validatedRoots(sources)) {
    if (ajv.getSchema(id) === undefined) throw new Error(`schema ${id} did not compile`);
    exports[rawValidatorName(typeName)] = id;
  }
  const code = toStaticImports(appendInPlace(withBareIndices(standaloneCode(ajv, exports))));
  return `${GENERATED_HEADER}// @ts-nocheck: ajv's standalone output is plain JavaScript.\n${code}\n`;
}

// ajv's ESM output still loads its runtime helpers with require(); an ES module has no require.
// Rewrite each such line to a static import, and refuse output that still requires anything.
function toStaticImports(code: string): string {
  const imports: string[] = [];
  const rewritten = code.replace(
    /const (\w+) = require\("(ajv\/dist\/runtime\/[\w/]+)"\)\.default;/g,
    (_line, name: string, module: string) => {
      // Deep equality is our own: ajv's calls a value's own valueOf (support/json-equal.ts).
      if (module === "ajv/dist/runtime/equal") {
        imports.push(`import { jsonEqual as ${name}Equal } from "./support/json-equal.js";`);
        return `const ${name} = ${name}Equal;`;
      }
      imports.push(`import ${name}Module from "${module}.js";`);
      return `const ${name} = ${name}Module.default;`;
    },
  );
  if (/\brequire\(/.test(rewritten)) throw new Error("ajv standalone output still calls require(): extend toStaticImports");
  imports.push(`import { MAX_AJV_ERRORS, TooManyErrors } from "./support/too-many-errors.js";`);
  return [...imports, rewritten.replace(/^"use strict";/, "")].join("\n");
}

// After each call into a $ref'd validator, ajv's code copies the whole error list to add the
// callee's errors (`vErrors.concat(...)`): an array of n wrong items cost n^2/2 copies (issue 19).
// Appending in place keeps the same list in the same order at linear cost.
const CONCAT = /^vErrors = vErrors === null \? ([\w.]+)\.errors : vErrors\.concat\(\1\.errors\);$/gm;
// Past MAX_AJV_ERRORS the check stops (support/too-many-errors.ts says why that is safe).
const APPEND_ERRORS = [
  "/** Appends `from` to `into` (ajv's code had `into.concat(from)`, a copy per call): linear error collection. */",
  "function appendErrors(into, from){",
  "for(const error of from){",
  "into.push(error);",
  "}",
  "if(into.length >= MAX_AJV_ERRORS){",
  "throw new TooManyErrors(into);",
  "}",
  "return into;",
  "}",
].join("\n");

function appendInPlace(code: string): string {
  const rewritten = code.replace(CONCAT, "vErrors = vErrors === null ? $1.errors : appendErrors(vErrors, $1.errors);");
  if (rewritten.includes(".concat(")) throw new Error("ajv standalone output still concatenates errors: extend appendInPlace");
  return `${rewritten}\n${APPEND_ERRORS}`;
}

// uniqueItems of scalar items finds duplicates through an object keyed by item; ajv makes it `{}`,
// whose "__proto__" key cannot hold a number, so two "__proto__" items went unnoticed.
function withBareIndices(code: string): string {
  return code.replace(/^const (indices\d+) = \{\};$/gm, "const $1 = Object.create(null);");
}
