// The demo pack's site, indexed as `svc compile` indexes it: its rules name points
// (`ahu1.cooling_stage`), so they compile only with it.
import { readFileSync } from "node:fs";
import { indexSite, type SiteIndex } from "../../compiler/site/site-index.js";
import { loadSite } from "../../runtime/points/load-site.js";
import { fromRoot } from "./paths.js";

export const DEMO_SITE_FILE = "examples/packs/demo/site.yaml";

let cached: SiteIndex | undefined;

export function demoSite(): SiteIndex {
  if (cached !== undefined) return cached;
  const loaded = loadSite(readFileSync(fromRoot(DEMO_SITE_FILE), "utf8"), DEMO_SITE_FILE);
  if (loaded.site === undefined) throw new Error(`${DEMO_SITE_FILE}: ${loaded.diagnostics.map((d) => d.message).join("; ")}`);
  cached = indexSite(loaded.site);
  return cached;
}
