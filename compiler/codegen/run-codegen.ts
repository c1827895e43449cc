// `npm run generate`: the one writer of codegen. Reads schemas/ and the support templates,
// runs the pure generators, writes generated/ and deletes whatever it no longer produces.
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { generate } from "./generate.js";
import type { SchemaSource } from "./schema-source.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "../../..");
const schemasDir = join(root, "schemas");
const supportDir = join(root, "compiler/codegen/support");
const outDir = join(root, "generated");

async function main(): Promise<void> {
  const sources: SchemaSource[] = [];
  // Subfolders group related schemas (schemas/data-processing/); a source's file is its path under schemas/.
  const schemaFiles = (await listFiles(schemasDir)).map((path) => relative(schemasDir, path).split(sep).join("/"));
  for (const file of schemaFiles.filter((f) => f.endsWith(".schema.json")).sort()) {
    sources.push({ file, schema: JSON.parse(await readFile(join(schemasDir, file), "utf8")) });
  }
  const support = [];
  for (const name of (await readdir(supportDir)).filter((f) => f.endsWith(".ts")).sort()) {
    support.push({ name, contents: await readFile(join(supportDir, name), "utf8") });
  }
  const files = await generate(sources, support);
  const wanted = new Set(files.map((f) => join(outDir, f.path)));
  for (const existing of await listFiles(outDir)) {
    if (!wanted.has(existing)) await rm(existing);
  }
  for (const file of files) {
    const path = join(outDir, file.path);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, file.contents);
  }
  console.log(`generated ${files.length} files in ${relative(process.cwd(), outDir) || "."} from ${sources.length} schemas`);
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? listFiles(join(dir, e.name)) : Promise.resolve([join(dir, e.name)]))),
  );
  return nested.flat();
}

main().catch((error: unknown) => {
  console.error(`svc generate: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
