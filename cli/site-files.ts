// The site.yaml files `svc compile` and `svc points` compile rules against (issue 17): which one
// a rule file belongs to, each read, loaded and indexed once per run however many rules use it.
// A rule file's site is the nearest site.yaml from its folder upwards: through the directory
// searched, then at most SEARCH_LEVELS folders above it (above the file's own folder for a file
// named alone), never above a git root. File access lives here, at the edge.
import { readFile, stat } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import type { PackSite } from "../compiler/contracts/pack/index.js";
import { createFileLocator } from "../compiler/front-ends/task-yaml/index.js";
import { indexSite, type SiteIndex } from "../compiler/site/site-index.js";
import type { Diagnostic } from "../generated/types.js";
import { loadSite } from "../runtime/points/load-site.js";
import { UsageError } from "./console.js";

export const SITE_FILE = "site.yaml";

/** How many folders above the searched directory (or a lone file's folder) are searched for a site.yaml. */
export const SEARCH_LEVELS = 3;

export interface SiteFile {
  /** The absolute path. */
  path: string;
  /** The name to print: as given, or relative to what the user gave. */
  name: string;
  text: string;
  /** The index to compile with; absent when the file has errors. */
  index?: SiteIndex;
  /** The problems of the file itself (a site with errors indexes nothing). */
  diagnostics: Diagnostic[];
  /** The site as the pack checks of data-processing files take it. */
  pack: PackSite;
}

/** Every site.yaml read in one run, by absolute path: each is read, loaded and indexed once. */
export class SiteFiles {
  private readonly loads = new Map<string, Promise<SiteFile>>();

  /** The site.yaml at `path`, printed as `name`. */
  load(path: string, name: string): Promise<SiteFile> {
    let loading = this.loads.get(path);
    if (loading === undefined) {
      loading = readSiteFile(path, name);
      this.loads.set(path, loading);
    }
    return loading;
  }

  /** Every site file loaded so far, in the order first asked for. */
  async all(): Promise<SiteFile[]> {
    return Promise.all(this.loads.values());
  }
}

async function readSiteFile(path: string, name: string): Promise<SiteFile> {
  const text = await readFile(path, "utf8").catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`cannot read ${name}: ${error.code ?? error.message}`);
  });
  return siteFileOf(path, name, text);
}

/** A site.yaml's text loaded (the service's loader) and, when it has no error, indexed. */
export function siteFileOf(path: string, name: string, text: string): SiteFile {
  const loaded = loadSite(text, name);
  const pack: PackSite = { file: name, root: "", site: loaded.site, locate: createFileLocator(text).locate };
  return { path, name, text, diagnostics: loaded.diagnostics, pack, ...(loaded.site === undefined ? {} : { index: indexSite(loaded.site) }) };
}

/**
 * The site.yaml a rule file at `path` compiles with: the nearest from its folder upwards, through
 * `root` (the directory searched; the file's own folder for a file named alone) and at most
 * SEARCH_LEVELS folders above it, stopping at a git root.
 */
export async function findSiteFile(path: string, root: string = dirname(path)): Promise<string | undefined> {
  let above = 0;
  for (let folder = dirname(path); ; ) {
    const candidate = join(folder, SITE_FILE);
    if (await isFile(candidate)) return candidate;
    if (await exists(join(folder, ".git"))) return undefined;
    const parent = dirname(folder);
    if (parent === folder) return undefined;
    const below = folder.startsWith(root + sep);
    if (!below && ++above > SEARCH_LEVELS) return undefined;
    folder = parent;
  }
}

/** The name to print for `target`, found from a file printed as `name` at absolute `path`. */
export function nameFrom(name: string, path: string, target: string): string {
  return join(dirname(name), relative(dirname(path), target));
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isFile() === true;
}

async function exists(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined)) !== undefined;
}
