// Koa middlewares of the docs: GET /openapi.json, GET /docs and GET /docs/assets/<file>. The
// document and swagger-ui-dist's folder are passed in by the composition root; nothing is
// resolved here and nothing is loaded from the internet.
import type { Context, Middleware } from "koa";
import { notFound } from "../../errors.js";
import type { DocsHandlers } from "../app-deps.js";
import { createAssetSource, toAsset, type Asset } from "./docs-assets.js";
import { ASSETS_PREFIX, DOCS_CONTENT_SECURITY_POLICY, DOCS_HTML } from "./docs-page.js";

export interface DocsOptions {
  /** The OpenAPI document (buildOpenApi's result). */
  openapi: object;
  /** swagger-ui-dist's folder, e.g. `require("swagger-ui-dist/absolute-path.js")()`. */
  swaggerUiDir: string;
}

export function createDocsHandlers({ openapi, swaggerUiDir }: DocsOptions): DocsHandlers {
  // Serialised once: the document is fixed for the life of the process.
  const document = toAsset(Buffer.from(JSON.stringify(openapi)), "application/json; charset=utf-8", "no-cache");
  const page = toAsset(Buffer.from(DOCS_HTML), "text/html; charset=utf-8", "no-cache");
  const source = createAssetSource(swaggerUiDir);

  const getOpenApi: Middleware = async (ctx) => {
    send(ctx, document);
  };
  const getDocs: Middleware = async (ctx) => {
    ctx.set("Content-Security-Policy", DOCS_CONTENT_SECURITY_POLICY);
    ctx.set("Referrer-Policy", "no-referrer");
    send(ctx, page);
  };
  const assets: Middleware = async (ctx, next) => {
    if (!ctx.path.startsWith(ASSETS_PREFIX)) return next();
    if (ctx.method !== "GET" && ctx.method !== "HEAD") return next();
    const asset = await source.get(ctx.path.slice(ASSETS_PREFIX.length));
    if (asset === undefined) throw notFound("this docs asset");
    send(ctx, asset);
  };
  return { getOpenApi, getDocs, assets };
}

function send(ctx: Context, asset: Asset): void {
  ctx.set("Cache-Control", asset.cacheControl);
  ctx.set("X-Content-Type-Options", "nosniff");
  ctx.etag = asset.etag;
  ctx.status = 200;
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.type = asset.type;
  ctx.body = asset.body;
}
