// The file-reading edge of the site model: everything after reading is loadSite's, and pure.
import { readFile } from "node:fs/promises";
import { loadSite, type LoadedSite } from "./load-site.js";

export async function readSiteFile(path: string): Promise<LoadedSite> {
  return loadSite(await readFile(path, "utf8"), path);
}
