// The files under /docs/assets/: a fixed allow-list, read from swagger-ui-dist's folder once and
// kept in memory, or built here (init.js). A name not on the list is a 404 whatever it holds,
// so no path (`..`, encoded slashes) can reach another file.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { INIT_SCRIPT } from "./docs-page.js";

export interface Asset {
  body: Buffer;
  type: string;
  etag: string;
  cacheControl: string;
}

const JS = "text/javascript; charset=utf-8";
// Vendor files change only with the installed package; init.js with the service.
const VENDOR_CACHE = "public, max-age=86400";
const OWN_CACHE = "no-cache";

/** The swagger-ui-dist files the page loads, with their content types. */
export const SWAGGER_UI_FILES: Readonly<Record<string, string>> = {
  "swagger-ui.css": "text/css; charset=utf-8",
  "swagger-ui-bundle.js": JS,
  "favicon-32x32.png": "image/png",
  "favicon-16x16.png": "image/png",
};

export interface AssetSource {
  /** The asset of an allowed name, or undefined for any other name. */
  get(name: string): Promise<Asset | undefined>;
}

export function createAssetSource(swaggerUiDir: string): AssetSource {
  const cache = new Map<string, Promise<Asset>>();
  const own = toAsset(Buffer.from(INIT_SCRIPT), JS, OWN_CACHE);
  return {
    async get(name) {
      if (name === "init.js") return own;
      if (!Object.hasOwn(SWAGGER_UI_FILES, name)) return undefined;
      let loading = cache.get(name);
      if (loading === undefined) {
        loading = readFile(join(swaggerUiDir, name)).then((body) => toAsset(body, SWAGGER_UI_FILES[name]!, VENDOR_CACHE));
        cache.set(name, loading);
        loading.catch(() => cache.delete(name)); // a failed read is tried again on the next request
      }
      return loading;
    },
  };
}

export function toAsset(body: Buffer, type: string, cacheControl: string): Asset {
  return { body, type, cacheControl, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` };
}
