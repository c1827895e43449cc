// One OpenAPI operation per row of the route table: parameters from the path template and the
// query schema, the request body, the success response in its envelope, the error responses by
// status, and the security requirement. Pure; shapes are referenced, never copied.
import { statusOf, type ErrorCode } from "../../errors.js";
import { ID_RANGES } from "../../store/id-ranges.js";
import { isControlPlanePath } from "../error-envelope.js";
import type { RouteSpec } from "../route-table.js";
import { errorExamples } from "./error-examples.js";
import { COMPONENTS_PREFIX, escapeToken, type JsonObject } from "./schema-components.js";

export const BEARER_AUTH = "bearerAuth";
export const CORRELATION_HEADER = "CorrelationId";

const CORRELATION = { "x-correlation-id": { $ref: `#/components/headers/${CORRELATION_HEADER}` } };
const ID_PARAMETER = {
  name: "id",
  in: "path",
  required: true,
  description: `The rule's id: a decimal integer from 1 to ${ID_RANGES.rule.max}.`,
  schema: { type: "integer", minimum: 1, maximum: ID_RANGES.rule.max },
};

export function buildOperation(route: RouteSpec, components: Readonly<Record<string, JsonObject>>): JsonObject {
  const parameters = [...pathParameters(route), ...queryParameters(route, components), ...headerParameters(route, components)];
  const description = notes(route);
  return {
    operationId: route.operationId,
    summary: route.summary,
    tags: [route.tag],
    ...(description !== "" ? { description } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(route.request !== undefined ? { requestBody: { required: true, content: { "application/json": { schema: ref(route.request) } } } } : {}),
    responses: { [String(route.status ?? 200)]: successResponse(route), ...errorResponses(route) },
    // Public routes say so explicitly (an empty requirement), so no tool sends or asks for a token.
    security: route.permission !== undefined ? [{ [BEARER_AUTH]: [] }] : [],
  };
}

function notes(route: RouteSpec): string {
  const lines: string[] = [];
  if (route.permission !== undefined) lines.push(`Needs a bearer token that grants \`${route.permission}\`.`);
  if (route.confirmed === true) lines.push("The body must carry `confirmed: true`.");
  return lines.join(" ");
}

function pathParameters(route: RouteSpec): JsonObject[] {
  return [...route.path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => {
    if (name !== "id") throw new Error(`route ${route.operationId}: no schema for the path parameter {${name}}`);
    return ID_PARAMETER;
  });
}

function queryParameters(route: RouteSpec, components: Readonly<Record<string, JsonObject>>): JsonObject[] {
  if (route.query === undefined) return [];
  const query = component(route.query, route, components);
  const required = new Set((query.required ?? []) as string[]);
  return Object.entries((query.properties ?? {}) as Record<string, JsonObject>).map(([name, property]) => ({
    name,
    in: "query",
    required: required.has(name),
    description: describeProperty(property, components),
    schema: { $ref: `${ref(route.query!).$ref}/properties/${escapeToken(name)}` },
  }));
}

// A stream resumes with Last-Event-ID, which holds the same audit sequence as the query's cursor.
function headerParameters(route: RouteSpec, components: Readonly<Record<string, JsonObject>>): JsonObject[] {
  if (route.mediaType !== "text/event-stream") return [];
  const cursor = route.query !== undefined ? ((component(route.query, route, components).properties ?? {}) as JsonObject).cursor : undefined;
  return [
    {
      name: "Last-Event-ID",
      in: "header",
      required: false,
      description: "Resumes after this audit sequence (the id of the last event received); must agree with `cursor` when both are given.",
      schema: cursor !== undefined ? { $ref: `${ref(route.query!).$ref}/properties/cursor` } : { type: "string" },
    },
  ];
}

function successResponse(route: RouteSpec): JsonObject {
  if (route.envelope === "raw") {
    const mediaType = route.mediaType ?? "application/octet-stream";
    const schema = mediaType === "application/json" ? { type: "object", description: "A JSON document." } : { type: "string" };
    return { description: route.summary, headers: CORRELATION, content: { [mediaType]: { schema } } };
  }
  if (route.response === undefined) throw new Error(`route ${route.operationId}: an ${route.envelope} route needs a response schema`);
  const schema =
    route.envelope === "v1"
      ? ref(route.response)
      : {
          type: "object",
          required: ["success", "data"],
          additionalProperties: false,
          properties: {
            success: { const: true, description: "Always true for a success." },
            data: ref(route.response),
            // Additive: PUT /api/rules/{id} answers it (issue 16.11); older clients ignore it.
            warnings: { type: "array", items: ref("Diagnostic"), description: "Answered by PUT /api/rules/{id}, empty when there are none: what the stored rule should not do (`rule/self-trigger`). Warnings never block a change." },
          },
        };
  return { description: `Success: ${route.response}.`, headers: CORRELATION, content: { "application/json": { schema } } };
}

// Every route can fail with `internal` besides the codes it lists; codes sharing a status share a response.
function errorResponses(route: RouteSpec): Record<string, JsonObject> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set<ErrorCode>([...route.errors, "internal"])) {
    const status = statusOf(code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const v1 = isControlPlanePath(route.path);
  const envelope = ref(v1 ? "V1Error" : "ErrorResponse");
  const responses: Record<string, JsonObject> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: `Error: ${codes.map((c) => `\`${c}\``).join(", ")}.`,
      headers: CORRELATION,
      content: { "application/json": { schema: envelope, examples: errorExamples(codes, v1 ? "v1" : "api") } },
    };
  }
  return responses;
}

function component(title: string, route: RouteSpec, components: Readonly<Record<string, JsonObject>>): JsonObject {
  const found = components[title];
  if (found === undefined) throw new Error(`route ${route.operationId}: no schema titled "${title}" in schemas/`);
  return found;
}

function describeProperty(property: JsonObject, components: Readonly<Record<string, JsonObject>>): string {
  if (typeof property.description === "string") return property.description;
  const target = typeof property.$ref === "string" ? components[property.$ref.slice(COMPONENTS_PREFIX.length)] : undefined;
  return typeof target?.description === "string" ? target.description : "";
}

function ref(title: string): { $ref: string } {
  return { $ref: `${COMPONENTS_PREFIX}${escapeToken(title)}` };
}
