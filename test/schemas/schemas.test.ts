// The schemas are the single source of every wire shape, and become editor autocompletion and
// API docs: each file has an $id and a title, and every property says what it is.
import { expect } from "chai";
import { resolveSchemaFile } from "../../compiler/codegen/schema-source.js";
import { readSchemaFiles } from "../helpers/schema-files.js";

type Schema = Record<string, unknown>;

const schemas = new Map(readSchemaFiles().map(({ file, schema }) => [file, schema as Schema]));

function resolve(ref: string, file: string): Schema | undefined {
  const [target, fragment = ""] = ref.split("#");
  let node: unknown = schemas.get(resolveSchemaFile(file, target ?? ""));
  for (const token of fragment.split("/").slice(1)) node = (node as Schema | undefined)?.[token];
  return node as Schema | undefined;
}

function undescribed(schema: Schema, file: string, path: string): string[] {
  const found: string[] = [];
  for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Schema | boolean>)) {
    if (typeof property === "boolean") continue; // `true`/`false` only require or forbid a property described elsewhere
    const target = typeof property.$ref === "string" ? resolve(property.$ref, file) : undefined;
    if (property.description === undefined && target?.description === undefined) found.push(`${file}${path}/properties/${name}`);
    found.push(...undescribed(property, file, `${path}/properties/${name}`));
  }
  for (const key of ["items", "additionalProperties", "then", "else"]) {
    const child = schema[key];
    if (child !== null && typeof child === "object") found.push(...undescribed(child as Schema, file, `${path}/${key}`));
  }
  for (const key of ["oneOf", "anyOf"]) {
    ((schema[key] ?? []) as Schema[]).forEach((branch, i) => found.push(...undescribed(branch, file, `${path}/${key}/${i}`)));
  }
  for (const [name, def] of Object.entries((schema.$defs ?? {}) as Record<string, Schema>)) found.push(...undescribed(def, file, `#/$defs/${name}`));
  return found;
}

describe("schemas/", () => {
  it("every file is draft 2020-12 with an $id and a title", () => {
    for (const [file, schema] of schemas) {
      expect(schema.$schema, file).to.equal("https://json-schema.org/draft/2020-12/schema");
      expect(schema.$id, file).to.equal(`https://svc.example/schemas/${file}`);
      expect(schema.title, file).to.be.a("string");
    }
  });

  it("every property has a description, its own or its $ref's", () => {
    expect([...schemas].flatMap(([file, schema]) => undescribed(schema, file, ""))).to.deep.equal([]);
  });
});
