// The index module: one typed guard per schema root, written with ts-morph.
import { Project, VariableDeclarationKind } from "ts-morph";
import { rawValidatorName } from "./emit-validators.js";
import { GENERATED_HEADER, validatedRoots, type SchemaSource } from "./schema-source.js";

export function emitIndex(sources: readonly SchemaSource[]): string {
  const roots = validatedRoots(sources);
  const project = new Project({ useInMemoryFileSystem: true });
  const file = project.createSourceFile("index.ts");
  file.addImportDeclaration({
    isTypeOnly: true,
    moduleSpecifier: "./types.js",
    namedImports: [...new Set(["Diagnostic", ...roots.map((r) => r.typeName)])].sort(),
  });
  file.addImportDeclaration({ moduleSpecifier: "./validators.js", namedImports: roots.map((r) => rawValidatorName(r.typeName)) });
  file.addImportDeclaration({ moduleSpecifier: "./support/ajv-diagnostics.js", namedImports: ["toDiagnostics", "type AjvError"] });
  file.addImportDeclaration({ moduleSpecifier: "./support/too-many-errors.js", namedImports: ["TooManyErrors"] });
  file.addExportDeclaration({ isTypeOnly: true, moduleSpecifier: "./types.js" });
  file.addExportDeclaration({ moduleSpecifier: "./support/ajv-diagnostics.js", namedExports: ["escapePointerToken", "MAX_SCHEMA_DIAGNOSTICS", "toDiagnostics"] });
  file.addExportDeclaration({ moduleSpecifier: "./support/closest-name.js", namedExports: ["closestName"] });
  file.addTypeAlias({
    name: "RawValidator",
    type: "((value: unknown) => boolean) & { errors?: AjvError[] | null }",
  });
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: ["The `$id` of each schema with a guard, by type name."],
    declarations: [
      {
        name: "schemaIds",
        initializer: `{\n${roots.map((r) => `  ${r.typeName}: ${JSON.stringify(r.id)},`).join("\n")}\n} as const`,
      },
    ],
  });
  for (const { source, typeName } of roots) {
    file.addFunction({
      isExported: true,
      name: `validate${typeName}`,
      docs: [
        `Type guard for \`${typeName}\` (schemas/${source.file}).\n` +
          "On failure, appends the problems to `diagnostics` (codes `schema/<keyword>`, JSON Pointer paths).",
      ],
      parameters: [
        { name: "value", type: "unknown" },
        { name: "diagnostics", type: "Diagnostic[]", hasQuestionToken: true },
      ],
      returnType: `value is ${typeName}`,
      statements: `return check(${rawValidatorName(typeName)} as RawValidator, value, diagnostics);`,
    });
  }
  file.addFunction({
    name: "check",
    parameters: [
      { name: "validate", type: "RawValidator" },
      { name: "value", type: "unknown" },
      { name: "diagnostics", type: "Diagnostic[] | undefined" },
    ],
    returnType: "boolean",
    statements: [
      "try {",
      "  if (validate(value)) return true;",
      "} catch (error) {",
      "  // Too many errors to collect them all: the ones collected are listed, the rest counted from them.",
      "  if (!(error instanceof TooManyErrors)) throw error;",
      "  diagnostics?.push(...toDiagnostics(error.errors, true));",
      "  return false;",
      "}",
      "diagnostics?.push(...toDiagnostics(validate.errors));",
      "return false;",
    ],
  });
  file.formatText({ indentSize: 2 });
  return GENERATED_HEADER + file.getFullText();
}
