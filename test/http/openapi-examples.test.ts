// Issue 16.25: what /docs shows. Error responses carry explicit, readable examples of their own
// status (swagger-ui otherwise invents them from the schema: 1,000-character random strings from
// patterns, and the enum's first code, invalid-input, under 401); the document names its server
// and marks public routes with an explicit empty security requirement.
import { Ajv2020 } from "ajv/dist/2020.js";
import { expect } from "chai";
import { SCHEMAS } from "../../generated/schemas.js";
import { statusOf, type ErrorCode } from "../../runtime/errors.js";
import { buildOpenApi, type JsonObject } from "../../runtime/http/openapi/build-openapi.js";
import { ROUTES } from "../../runtime/http/route-table.js";

type Operation = { responses: Record<string, { content: Record<string, { schema: JsonObject; examples?: Record<string, { summary?: string; value: unknown }> }> }>; security?: unknown[] };
const doc = buildOpenApi(ROUTES, SCHEMAS, { title: "svc", version: "0.0.0-test" }) as JsonObject & { paths: Record<string, Record<string, Operation>>; servers?: { url: string }[] };
const ajv = new Ajv2020({ strict: false, discriminator: true, allErrors: true, formats: { "date-time": true } });
ajv.addSchema(doc, "https://svc.example/openapi.json");

function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value !== null && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

describe("OpenAPI examples, servers and security (issue 16.25)", () => {
  it("issue 16.25: every error response has examples of its own status's codes, valid against its envelope, with short strings (401 shows unauthenticated)", () => {
    for (const route of ROUTES) {
      const operation = doc.paths[route.path]![route.method]!;
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        const media = response.content["application/json"]!;
        const where = `${route.operationId} ${status}`;
        expect(media.examples, where).to.be.an("object");
        const validate = ajv.compile(media.schema.$ref ? { $ref: `https://svc.example/openapi.json${media.schema.$ref as string}` } : media.schema);
        for (const [name, example] of Object.entries(media.examples!)) {
          expect(validate(example.value), `${where} ${name}: ${JSON.stringify(validate.errors)}`).to.equal(true);
          const code = (example.value as { error: { code: ErrorCode } }).error.code;
          expect(statusOf(code), `${where} ${name}`).to.equal(Number(status));
          for (const text of strings(example.value)) expect(text.length, `${where} ${name}: ${text.slice(0, 40)}…`).to.be.below(200);
        }
        const codes = Object.values(media.examples!).map((e) => (e.value as { error: { code: string } }).error.code);
        if (status === "401") expect(codes).to.deep.equal(["unauthenticated"]);
      }
    }
  });

  it("issue 16.25: the document names its server (this origin) and every public route says security: []", () => {
    expect(doc.servers).to.deep.equal([{ url: "/", description: "This service: the origin that serves this document." }]);
    for (const route of ROUTES) {
      const operation = doc.paths[route.path]![route.method]!;
      expect(operation.security, route.operationId).to.deep.equal(route.permission === undefined ? [] : [{ bearerAuth: [] }]);
    }
  });
});
