// Every file of schemas/ (subfolders included) as codegen reads it: its path under schemas/ with
// forward slashes, and its parsed contents.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fromRoot } from "./paths.js";

export function readSchemaFiles(): Array<{ file: string; schema: Record<string, unknown> }> {
  const root = fromRoot("schemas");
  return listFiles(root)
    .map((path) => relative(root, path).split(sep).join("/"))
    .filter((file) => file.endsWith(".schema.json"))
    .sort()
    .map((file) => ({ file, schema: JSON.parse(readFileSync(join(root, file), "utf8")) as Record<string, unknown> }));
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? listFiles(join(dir, e.name)) : [join(dir, e.name)]));
}
