// The interactive docs page and its init script, as text. Everything the page loads comes from
// this server: the HTML names only /docs/assets/* and the script fetches only /openapi.json.

export const OPENAPI_PATH = "/openapi.json";
export const DOCS_PATH = "/docs";
export const ASSETS_PREFIX = "/docs/assets/";

/**
 * No inline script and nothing from another origin. Styles allow 'unsafe-inline' and images
 * `data:` because swagger-ui sets inline styles and draws its icons as data-URI SVGs in its CSS.
 */
export const DOCS_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

export const DOCS_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>API docs</title>
    <link rel="stylesheet" href="${ASSETS_PREFIX}swagger-ui.css">
    <link rel="icon" type="image/png" href="${ASSETS_PREFIX}favicon-32x32.png" sizes="32x32">
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${ASSETS_PREFIX}swagger-ui-bundle.js"></script>
    <script src="${ASSETS_PREFIX}init.js"></script>
  </body>
</html>
`;

// validatorUrl null: swagger-ui would otherwise ask validator.swagger.io about the document.
export const INIT_SCRIPT = `"use strict";
window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(OPENAPI_PATH)},
    dom_id: "#swagger-ui",
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
  });
});
`;
