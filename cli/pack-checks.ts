// Runs the pack checks of `svc compile` over the data-processing files found in directories. A
// file's pack is the nearest folder above it (up to the directory searched) holding a site.yaml,
// else the directory searched; the pack's site.yaml is read and loaded at the edge (cli/site-files,
// shared with the rule files, so that it is read and reported once), and the checks themselves
// (compiler/contracts/pack) are pure. The checks of a pack run only when all of its
// data-processing files compiled without error: a broken file would make them guess.
import { stat } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { checkPack, type PackEntry, type PackInput, type PackSite } from "../compiler/contracts/pack/index.js";
import { createFileLocator } from "../compiler/front-ends/task-yaml/index.js";
import type { DataProcessingBinding, DataProcessingTask, ProcessorRoute } from "../generated/types.js";
import { SITE_FILE, type SiteFiles } from "./site-files.js";
import type { FileResult, SearchRoot } from "./source-files.js";

/** Adds the pack checks' diagnostics to `results`; the site.yaml files are loaded through `sites` (whose errors the caller reports). */
export async function checkPacks(results: FileResult[], sites: SiteFiles): Promise<void> {
  const packs = new Map<string, { root: SearchRoot; members: FileResult[] }>();
  for (const result of results) {
    const root = result.source?.root;
    if (result.kind !== "data-processing" || root === undefined) continue;
    const folder = await packFolder(result.source!.path, root.path);
    const pack = packs.get(folder) ?? { root, members: [] };
    pack.members.push(result);
    packs.set(folder, pack);
  }
  for (const [folder, { root, members }] of packs) {
    if (members.some((m) => m.diagnostics.some((d) => d.severity === "error"))) continue;
    const site = await readSite(folder, root, sites);
    const byFile = new Map(members.map((m) => [m.file, m]));
    for (const { file, diagnostic } of checkPack(packInput(members, site))) byFile.get(file)?.diagnostics.push(diagnostic);
  }
}

// The nearest folder from the file's up to the searched root that holds a site.yaml; else the root.
async function packFolder(path: string, root: string): Promise<string> {
  for (let folder = dirname(path); folder === root || folder.startsWith(root + sep); folder = dirname(folder)) {
    if (await isFile(join(folder, SITE_FILE))) return folder;
    if (folder === root) break;
  }
  return root;
}

async function readSite(folder: string, root: SearchRoot, sites: SiteFiles): Promise<PackSite | undefined> {
  const path = join(folder, SITE_FILE);
  if (!(await isFile(path))) return undefined;
  return (await sites.load(path, join(root.name, relative(root.path, path)))).pack;
}

function packInput(members: FileResult[], site: PackSite | undefined): PackInput {
  const tasks: Array<PackEntry<DataProcessingTask>> = [];
  const bindings: Array<PackEntry<DataProcessingBinding>> = [];
  const routes: Array<PackEntry<ProcessorRoute>> = [];
  for (const member of members) {
    const file = member.dataProcessing?.file;
    if (file === undefined) continue;
    const at = { file: member.file, locate: createFileLocator(member.text).locate };
    if (file.kind === "DataProcessingTask") tasks.push({ ...at, root: "/task", document: file.task });
    else if (file.kind === "DataProcessingBinding") bindings.push({ ...at, root: "/binding", document: file.binding });
    else routes.push({ ...at, root: "/route", document: file.route });
  }
  return { tasks, bindings, routes, ...(site === undefined ? {} : { site }) };
}

async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isFile() === true;
}
