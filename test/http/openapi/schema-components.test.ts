// Schema files become OpenAPI components: every form of $ref the schemas use is rewritten to
// point inside the document, and a $ref that cannot be is refused with the file and the ref.
import { expect } from "chai";
import { buildComponentSchemas, type SchemaFileInput } from "../../../runtime/http/openapi/schema-components.js";

const BASE = "https://svc.example/schemas/";

function file(name: string, body: Record<string, unknown>): SchemaFileInput {
  return { file: name, schema: { $schema: "https://json-schema.org/draft/2020-12/schema", $id: BASE + name, ...body } };
}

const parts = file("parts.schema.json", {
  title: "Parts",
  $defs: { Id: { title: "Id", type: "integer", minimum: 1 }, Name: { title: "Name", type: "string" } },
});
const thing = file("thing.schema.json", {
  title: "Thing",
  type: "object",
  properties: {
    id: { $ref: "parts.schema.json#/$defs/Id" },
    absolute: { $ref: `${BASE}parts.schema.json#/$defs/Name` },
    local: { $ref: "#/$defs/Colour" },
    deep: { $ref: "other.schema.json#/properties/size" },
    other: { $ref: "other.schema.json", tsType: "Other" },
    items: { type: "array", items: { $ref: "#/$defs/Colour" }, default: [{ $ref: "data, not a reference" }] },
    tsType: { type: "string", description: "a property may be called tsType" },
  },
  $defs: { Colour: { title: "Colour", enum: ["red"] } },
});
const other = file("other.schema.json", { title: "Other", type: "object", properties: { size: { type: "integer" } } });

describe("OpenAPI components from schema files", () => {
  it("puts each file's root under its title and each $defs entry under its key, sorted by name", () => {
    const components = buildComponentSchemas([thing, parts, other]);
    expect(Object.keys(components)).to.deep.equal(["Colour", "Id", "Name", "Other", "Thing"]);
    expect(components.Id).to.deep.equal({ title: "Id", type: "integer", minimum: 1 });
  });

  it("rewrites file, file#/$defs, #/$defs, absolute $id and deeper pointer references; drops $id, $schema and tsType", () => {
    const { Thing } = buildComponentSchemas([thing, parts, other]);
    expect(Thing).to.deep.equal({
      title: "Thing",
      type: "object",
      properties: {
        id: { $ref: "#/components/schemas/Id" },
        absolute: { $ref: "#/components/schemas/Name" },
        local: { $ref: "#/components/schemas/Colour" },
        deep: { $ref: "#/components/schemas/Other/properties/size" },
        other: { $ref: "#/components/schemas/Other" },
        items: { type: "array", items: { $ref: "#/components/schemas/Colour" }, default: [{ $ref: "data, not a reference" }] },
        tsType: { type: "string", description: "a property may be called tsType" },
      },
    });
  });

  it("does not modify its inputs", () => {
    const inputs = [thing, parts, other];
    const before = JSON.stringify(inputs);
    buildComponentSchemas(inputs);
    expect(JSON.stringify(inputs)).to.equal(before);
  });

  it("refuses references it cannot place, naming the file and the reference", () => {
    const refTo = (ref: string) => file("bad.schema.json", { title: "Bad", type: "object", properties: { x: { $ref: ref } } });
    expect(() => buildComponentSchemas([refTo("missing.schema.json")])).to.throw('schemas/bad.schema.json: $ref "missing.schema.json" names a file that is not in schemas/');
    expect(() => buildComponentSchemas([parts, refTo("parts.schema.json")])).to.throw("which only holds $defs");
    expect(() => buildComponentSchemas([parts, refTo("parts.schema.json#/$defs/Nope")])).to.throw("names a $defs entry that parts.schema.json does not have");
  });

  it("refuses a name declared twice", () => {
    const twice = file("twice.schema.json", { title: "Id", type: "string" });
    expect(() => buildComponentSchemas([parts, twice])).to.throw('the component name "Id" is declared twice');
  });
});
