// The OpenAPI document (issue 5 item 6): built from the route table and schemas/ with no second
// copy of any shape, self-contained, and describing what the validators accept.
import { Ajv2020 } from "ajv/dist/2020.js";
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { SCHEMAS } from "../../generated/schemas.js";
import { buildOpenApi, type JsonObject } from "../../runtime/http/openapi/build-openapi.js";
import { LIVE_HISTORY_PATH, ROUTES } from "../../runtime/http/route-table.js";
import { API_SAMPLES } from "../generated/api-samples.js";
import { fromRoot } from "../helpers/paths.js";

const INFO = { title: "svc", version: "0.0.0-test", description: "The rule service." };
const doc = buildOpenApi(ROUTES, SCHEMAS, INFO) as JsonObject & { paths: Record<string, Record<string, JsonObject>>; components: { schemas: Record<string, JsonObject> } };
const schemas = doc.components.schemas;

function walk(value: unknown, visit: (node: JsonObject, path: string) => void, path = "#"): void {
  if (Array.isArray(value)) value.forEach((item, i) => walk(item, visit, `${path}/${i}`));
  else if (value !== null && typeof value === "object") {
    visit(value as JsonObject, path);
    for (const [key, item] of Object.entries(value)) walk(item, visit, `${path}/${key}`);
  }
}

function resolve(ref: string): unknown {
  if (!ref.startsWith("#/")) return undefined;
  let node: unknown = doc;
  for (const token of ref.slice(2).split("/")) node = (node as JsonObject | undefined)?.[token.replace(/~1/g, "/").replace(/~0/g, "~")];
  return node;
}

function operation(route: (typeof ROUTES)[number]): JsonObject & { responses: Record<string, JsonObject>; parameters?: JsonObject[] } {
  return doc.paths[route.path]![route.method] as JsonObject & { responses: Record<string, JsonObject> };
}

function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, discriminator: true, allErrors: true, formats: { "date-time": true } });
  ajv.addSchema(doc, "https://svc.example/openapi.json");
  return ajv;
}

describe("OpenAPI document (issue 5 item 6: built from schemas/, served at /openapi.json)", () => {
  it("is OpenAPI 3.1.0 with the given title and version", () => {
    expect(doc.openapi).to.equal("3.1.0");
    expect(doc.info).to.include({ title: "svc", version: "0.0.0-test" });
  });

  it("resolves every $ref inside the document", () => {
    const broken: string[] = [];
    walk(doc, (node, path) => {
      if (typeof node.$ref === "string" && resolve(node.$ref) === undefined) broken.push(`${path}: ${node.$ref}`);
    });
    expect(broken).to.deep.equal([]);
  });

  it("has a component for every schema file root and every $defs entry, without $id, $schema or tsType", () => {
    for (const { file, schema } of SCHEMAS) {
      if (schema.type !== undefined || schema.oneOf !== undefined) expect(schemas, file).to.have.property(String(schema.title));
      for (const key of Object.keys((schema.$defs ?? {}) as JsonObject)) expect(schemas, `${file} $defs/${key}`).to.have.property(key);
    }
    const leftovers: string[] = [];
    walk(doc.components.schemas, (node, path) => {
      for (const key of ["$id", "$schema", "tsType", "$defs"]) if (key in node && !/\/properties$/.test(path)) leftovers.push(`${path}/${key}`);
    });
    expect(leftovers).to.deep.equal([]);
  });

  it("names only existing schemas from the route table", () => {
    const named = ROUTES.flatMap((r) => [r.request, r.response, r.query]).filter((t): t is string => t !== undefined);
    expect(named.filter((title) => schemas[title] === undefined)).to.deep.equal([]);
  });

  it("has every route once with its method, and unique operationIds", () => {
    const operations = Object.values(doc.paths).flatMap((item) => Object.values(item));
    expect(operations).to.have.length(ROUTES.length);
    for (const route of ROUTES) expect(operation(route).operationId, `${route.method} ${route.path}`).to.equal(route.operationId);
    const ids = operations.map((o) => o.operationId);
    expect(new Set(ids).size).to.equal(ids.length);
  });

  it("compiles every component schema with ajv 2020, with no unknown $ref", () => {
    const ajv = createAjv();
    for (const name of Object.keys(schemas)) expect(() => ajv.compile({ $ref: `https://svc.example/openapi.json#/components/schemas/${name}` }), name).to.not.throw();
  });

  it("accepts and refuses the same bodies as the generated validators", () => {
    const ajv = createAjv();
    for (const [title, { valid, invalid }] of Object.entries(API_SAMPLES)) {
      const validate = ajv.compile({ $ref: `https://svc.example/openapi.json#/components/schemas/${title}` });
      for (const value of valid) expect(validate(value), `${title} ${JSON.stringify(validate.errors)}`).to.equal(true);
      for (const value of invalid) expect(validate(value), `${title} ${JSON.stringify(value)}`).to.equal(false);
    }
  });

  it("wraps api responses as {success: true, data} and answers errors in the envelope of the route's family", () => {
    const ajv = createAjv();
    for (const route of ROUTES) {
      const responses = operation(route).responses;
      const errorRef = route.path === "/health" || route.path.startsWith("/api/v1/") ? "#/components/schemas/V1Error" : "#/components/schemas/ErrorResponse";
      for (const [status, response] of Object.entries(responses)) {
        const headers = response.headers as JsonObject;
        expect(headers, `${route.operationId} ${status}`).to.have.property("x-correlation-id");
        if (status !== String(route.status ?? 200)) expect(((response.content as JsonObject)["application/json"] as JsonObject).schema, `${route.operationId} ${status}`).to.deep.equal({ $ref: errorRef });
      }
      expect(Object.keys(responses), route.operationId).to.include("500");
      if (route.errors.includes("not-found")) expect(Object.keys(responses), route.operationId).to.include("404");
      if (route.envelope !== "api") continue;
      expect(Object.keys(responses)[0], route.operationId).to.equal(String(route.status ?? 200));
      const pointer = ["paths", route.path, route.method, "responses", String(route.status ?? 200), "content", "application/json", "schema"].map((t) => t.replace(/~/g, "~0").replace(/\//g, "~1"));
      const validate = ajv.compile({ $ref: `https://svc.example/openapi.json#/${pointer.join("/")}` });
      const sample = (API_SAMPLES as Record<string, { valid: unknown[] }>)[route.response!]?.valid[0];
      if (sample === undefined) continue;
      expect(validate({ success: true, data: sample }), route.operationId).to.equal(true);
      expect(validate(sample), route.operationId).to.equal(false);
    }
  });

  it("describes bodies, query, path and header parameters, and bearer security from the table", () => {
    for (const route of ROUTES) {
      const op = operation(route);
      const parameters = (op.parameters ?? []) as JsonObject[];
      const named = (where: string) => parameters.filter((p) => p.in === where).map((p) => p.name);
      expect(named("path"), route.operationId).to.deep.equal(route.path.includes("{id}") ? ["id"] : []);
      const queryProperties = route.query !== undefined ? Object.keys(schemas[route.query]!.properties as JsonObject) : [];
      expect(named("query"), route.operationId).to.deep.equal(queryProperties);
      expect(named("header"), route.operationId).to.deep.equal(route.mediaType === "text/event-stream" ? ["Last-Event-ID"] : []);
      expect(op.security, route.operationId).to.deep.equal(route.permission !== undefined ? [{ bearerAuth: [] }] : []);
      const body = op.requestBody as JsonObject | undefined;
      expect(body, route.operationId).to.deep.equal(route.request !== undefined ? { required: true, content: { "application/json": { schema: { $ref: `#/components/schemas/${route.request}` } } } } : undefined);
    }
    const id = (operation(ROUTES.find((r) => r.operationId === "getRule")!).parameters as JsonObject[])[0]!;
    expect(id).to.deep.include({ required: true, schema: { type: "integer", minimum: 1, maximum: 2 ** 31 - 1 } });
    expect((doc.components as JsonObject).securitySchemes).to.deep.include({ bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: ((doc.components as JsonObject).securitySchemes as Record<string, JsonObject>).bearerAuth!.description } });
  });

  it("describes the live history WebSocket and its message schema in info", () => {
    const description = (doc.info as JsonObject).description as string;
    expect(description).to.include("The rule service.");
    expect(description).to.include(LIVE_HISTORY_PATH);
    expect(description).to.include("LiveHistoryMessage");
    expect(schemas).to.have.property("LiveHistoryMessage");
  });

  it("docs/api.md lists every route of the table with its method", () => {
    const overview = readFileSync(fromRoot("docs/api.md"), "utf8");
    expect(ROUTES.filter((r) => !overview.includes(`| ${r.method.toUpperCase()} | ${r.path} |`)).map((r) => r.operationId)).to.deep.equal([]);
  });

  it("gives the same document twice and does not modify its inputs", () => {
    const files = structuredClone(SCHEMAS.map((s) => ({ file: s.file, schema: s.schema }))) as { file: string; schema: JsonObject }[];
    const routes = structuredClone([...ROUTES]);
    const before = JSON.stringify([files, routes]);
    const first = buildOpenApi(routes, files, INFO);
    const second = buildOpenApi(routes, [...files].reverse(), INFO);
    expect(JSON.stringify(second)).to.equal(JSON.stringify(first));
    expect(JSON.stringify(first)).to.equal(JSON.stringify(doc));
    expect(JSON.stringify([files, routes])).to.equal(before);
  });
});
