// A site.yaml read at the edge for the commands that write or compile rules with names (issue
// 17.2): `svc decompile --site`, `svc export --site` or the export folder's own site.yaml. Loaded
// and indexed as `svc compile` does (site-files.ts); its problems are diagnostics in that file.
import { readFile } from "node:fs/promises";
import type { SiteIndex } from "../compiler/site/site-index.js";
import { UsageError } from "./console.js";
import { siteFileOf } from "./site-files.js";
import type { FileResult } from "./source-files.js";

export type SiteFile = { ok: true; site: SiteIndex } | { ok: false; result: FileResult };

/** The site of `path` (shown to the user as `shown`); a file that cannot be read is a usage error. */
export async function readSiteFile(path: string, shown: string): Promise<SiteFile> {
  const text = await readFile(path, "utf8").catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`cannot read the site ${shown}: ${error.code ?? error.message}`);
  });
  const loaded = siteFileOf(path, shown, text);
  if (loaded.index === undefined || loaded.diagnostics.some((d) => d.severity === "error")) {
    return { ok: false, result: { file: shown, kind: "yaml", text, diagnostics: loaded.diagnostics, outputs: [] } };
  }
  return { ok: true, site: loaded.index };
}
