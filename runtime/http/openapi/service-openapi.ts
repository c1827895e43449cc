// The service's own document: every route of the table over every file of schemas/.
import { SCHEMAS } from "../../../generated/schemas.js";
import { ROUTES } from "../route-table.js";
import { buildOpenApi, type JsonObject, type OpenApiInfo } from "./build-openapi.js";

export function buildServiceOpenApi(info: OpenApiInfo): JsonObject {
  return buildOpenApi(ROUTES, SCHEMAS, info);
}
