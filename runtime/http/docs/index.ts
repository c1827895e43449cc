// The docs of the service: /openapi.json, /docs and its local assets.
export { createDocsHandlers, type DocsOptions } from "./docs-handlers.js";
export { DOCS_CONTENT_SECURITY_POLICY, DOCS_PATH, OPENAPI_PATH } from "./docs-page.js";
export { SWAGGER_UI_FILES } from "./docs-assets.js";
