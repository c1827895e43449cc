// The interactive docs (issue 5 item 6): /docs loads swagger-ui from this server only, under a
// Content-Security-Policy without inline scripts; /docs/assets serves an allow-list and nothing
// else; /openapi.json serves the document. Over real HTTP on an ephemeral loopback port.
import { expect } from "chai";
import Koa from "koa";
import { readFileSync } from "node:fs";
import { request, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { join } from "node:path";
import { SCHEMAS } from "../../generated/schemas.js";
import { createDocsHandlers } from "../../runtime/http/docs/index.js";
import { buildOpenApi } from "../../runtime/http/openapi/build-openapi.js";
import { ROUTES } from "../../runtime/http/route-table.js";

// absolute-path.js names the folder without loading the 1.5 MB bundle into Node.
const swaggerUiDir = (createRequire(import.meta.url)("swagger-ui-dist/absolute-path.js") as () => string)();
const openapi = buildOpenApi(ROUTES, SCHEMAS, { title: "svc", version: "0.0.0-test" });

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

describe("docs handlers (issue 5 item 6: /docs and /openapi.json, nothing from the internet)", () => {
  let server: Server;
  let port: number;

  before(async () => {
    const { getOpenApi, getDocs, assets } = createDocsHandlers({ openapi, swaggerUiDir });
    const app = new Koa();
    app.use(assets);
    app.use(async (ctx, next) => {
      if (ctx.path === "/openapi.json") return getOpenApi(ctx, next);
      if (ctx.path === "/docs") return getDocs(ctx, next);
      return next();
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    port = (server.address() as AddressInfo).port;
  });

  after(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  // node:http sends the path as written (fetch would resolve `..` before sending it).
  function get(path: string, headers: Record<string, string> = {}): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const req = request({ host: "127.0.0.1", port, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on("error", reject);
      req.end();
    });
  }

  it("/docs is an HTML page that loads only local assets, with no inline script, under a strict CSP", async () => {
    const reply = await get("/docs");
    expect(reply.status).to.equal(200);
    expect(reply.headers["content-type"]).to.match(/^text\/html/);
    const html = reply.body.toString("utf8");
    expect(html).to.not.match(/https?:\/\//);
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.map((m) => m[1]!.trim())).to.deep.equal(['src="/docs/assets/swagger-ui-bundle.js"', 'src="/docs/assets/init.js"']);
    expect(scripts.every((m) => m[2] === "")).to.equal(true);
    const urls = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(urls.every((u) => u.startsWith("/docs/assets/"))).to.equal(true);
    const csp = String(reply.headers["content-security-policy"]);
    expect(csp).to.include("default-src 'none'").and.include("script-src 'self'").and.include("connect-src 'self'");
    expect(/script-src [^;]*unsafe/.test(csp)).to.equal(false);
  });

  it("serves every asset the page names, with its content type and caching headers", async () => {
    const html = (await get("/docs")).body.toString("utf8");
    const types: Record<string, RegExp> = { css: /^text\/css/, js: /^text\/javascript/, png: /^image\/png$/ };
    for (const [, url] of html.matchAll(/(?:src|href)="([^"]+)"/g)) {
      const reply = await get(url!);
      expect(reply.status, url).to.equal(200);
      expect(reply.headers["content-type"], url).to.match(types[url!.split(".").pop()!]!);
      expect(reply.headers["cache-control"], url).to.be.a("string");
      expect(reply.headers.etag, url).to.be.a("string");
      expect(reply.headers["x-content-type-options"], url).to.equal("nosniff");
    }
  });

  it("/docs/assets/swagger-ui-bundle.js is swagger-ui-dist's file, and answers 304 to its ETag", async () => {
    const reply = await get("/docs/assets/swagger-ui-bundle.js");
    expect(reply.status).to.equal(200);
    expect(reply.headers["content-type"]).to.match(/^text\/javascript/);
    expect(reply.body.equals(readFileSync(join(swaggerUiDir, "swagger-ui-bundle.js")))).to.equal(true);
    const again = await get("/docs/assets/swagger-ui-bundle.js", { "If-None-Match": String(reply.headers.etag) });
    expect(again.status).to.equal(304);
    expect(again.body.length).to.equal(0);
  });

  it("init.js starts swagger-ui on /openapi.json with no external validator", async () => {
    const script = (await get("/docs/assets/init.js")).body.toString("utf8");
    expect(script).to.include('url: "/openapi.json"').and.include("validatorUrl: null");
    expect(script).to.not.match(/https?:\/\//);
  });

  it("/openapi.json serves the document as application/json", async () => {
    const reply = await get("/openapi.json");
    expect(reply.status).to.equal(200);
    expect(reply.headers["content-type"]).to.match(/^application\/json/);
    expect(JSON.parse(reply.body.toString("utf8"))).to.deep.equal(openapi);
  });

  it("answers 404 for paths that leave the folder and for files not on the allow-list", async () => {
    for (const path of [
      "/docs/assets/../../package.json",
      "/docs/assets/..%2F..%2Fpackage.json",
      "/docs/assets/%2e%2e/%2e%2e/package.json",
      "/docs/assets/index.html",
      "/docs/assets/swagger-ui-bundle.js.map",
      "/docs/assets/swagger-initializer.js",
      "/docs/assets/",
      "/docs/assets/__proto__",
      "/docs/assets/SWAGGER-UI.CSS",
    ]) {
      const reply = await get(path);
      expect(reply.status, path).to.equal(404);
      expect(reply.body.toString("utf8"), path).to.not.include('"name": "svc"');
    }
  });
});
