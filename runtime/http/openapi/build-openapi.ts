// The OpenAPI 3.1 document of the service, built from the route table and the schema files: no
// second copy of any shape. Pure and deterministic; the composition root passes SCHEMAS
// (generated/schemas.ts) and ROUTES, tests pass their own.
import { LIVE_HISTORY_PATH, type RouteSpec } from "../route-table.js";
import { BEARER_AUTH, CORRELATION_HEADER, buildOperation } from "./route-operations.js";
import { buildComponentSchemas, type JsonObject, type SchemaFileInput } from "./schema-components.js";

export type { JsonObject, SchemaFileInput };

export interface OpenApiInfo {
  title: string;
  version: string;
  description?: string;
}

const TAGS: Record<RouteSpec["tag"], string> = {
  "control-plane": "Public metadata of the control plane.",
  audit: "The append-only audit log of every mutation (control-plane envelope).",
  rules: "Rules: create, update through the one compile function (with the loaded site), validate without storing, enable, disable, execute, monitor.",
  site: "The loaded site's points and which stored rules read and write them.",
  history: "The durable execution history.",
  scheduler: "The scheduler's state and reload.",
  "data-processing": "Data processing: task discovery, processor health, processing calls and their derived data (control-plane envelope). Mounted only when data processing is enabled.",
  operations: "The service's own load for monitoring (Prometheus); docs/operations.md.",
  docs: "This document and the interactive docs.",
};

export function buildOpenApi(routes: readonly RouteSpec[], schemas: readonly SchemaFileInput[], info: OpenApiInfo): JsonObject {
  const components = buildComponentSchemas(schemas);
  checkRoutes(routes, components);
  const paths: Record<string, JsonObject> = {};
  for (const route of routes) {
    const item = (paths[route.path] ??= {});
    item[route.method] = buildOperation(route, components);
  }
  const tags = [...new Set(routes.map((r) => r.tag))].map((name) => ({ name, description: TAGS[name] }));
  return {
    openapi: "3.1.0",
    info: { title: info.title, version: info.version, description: describeService(info, components) },
    // Relative to the document: the docs page and any client reading /openapi.json call the
    // service that served it, wherever it listens.
    servers: [{ url: "/", description: "This service: the origin that serves this document." }],
    tags,
    paths,
    components: {
      schemas: components,
      securitySchemes: {
        [BEARER_AUTH]: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description:
            "A signed JWT with `sub` and `role` (Admin, Engineer or Viewer) and an `exp`; mint one for local use with `svc token --role Engineer --sub alice`. The audit routes also accept the configured control-plane bearer token.",
        },
      },
      headers: {
        [CORRELATION_HEADER]: {
          description: "The request's correlation id (the one it sent in `x-correlation-id`, or a new one); error bodies carry it too.",
          schema: { type: "string" },
        },
      },
    },
  };
}

// The WebSocket is not an OpenAPI operation: the document describes it in words and by schema.
function describeService(info: OpenApiInfo, components: Readonly<Record<string, JsonObject>>): string {
  const parts = info.description !== undefined && info.description !== "" ? [info.description] : [];
  parts.push(
    "Rule API bodies are wrapped as `{success: true, data}`; its errors are `ErrorResponse`. The control-plane routes (`/health`, `/api/v1/...`) answer the bare response and `V1Error`. Every response carries `x-correlation-id`.",
  );
  if (components.LiveHistoryMessage !== undefined) {
    parts.push(
      `Live execution results: a WebSocket at \`${LIVE_HISTORY_PATH}\` on the same server (optional query \`rule_id\` for one rule, \`after_id\` to resume after a history id, \`decisions=1\` to receive decision records too) streams new execution records, authenticated with the same bearer JWT (the Authorization header, or for browsers the subprotocol \`bearer.<token>\` beside \`svc.history.v1\`). Each message is a \`LiveHistoryMessage\` (see Schemas): \`{"type": "execution", "data": HistoryEntry}\` per record, with \`decisions=1\` \`{"type": "decision", "data": DecisionRecord}\` per decision record written (new or grown), or \`{"type": "error", "error": {code, message}}\` before the server closes the socket. When the token expires the socket is closed with code 4001, reason \`token expired\`. See docs/api.md.`,
    );
  }
  return parts.join("\n\n");
}

function checkRoutes(routes: readonly RouteSpec[], components: Readonly<Record<string, JsonObject>>): void {
  const operationIds = new Set<string>();
  const operations = new Set<string>();
  for (const route of routes) {
    if (operationIds.has(route.operationId)) throw new Error(`route ${route.operationId}: the operationId is used twice`);
    operationIds.add(route.operationId);
    const key = `${route.method.toUpperCase()} ${route.path}`;
    if (operations.has(key)) throw new Error(`route ${route.operationId}: ${key} appears twice in the route table`);
    operations.add(key);
    for (const title of [route.request, route.response, route.query]) {
      if (title !== undefined && components[title] === undefined) throw new Error(`route ${route.operationId}: no schema titled "${title}" in schemas/`);
    }
  }
}
