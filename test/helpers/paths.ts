// Paths of the project, from the compiled test location (dist/test/helpers/).
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const projectRoot = join(dirname(fileURLToPath(import.meta.url)), "../../..");

export function fromRoot(...parts: string[]): string {
  return join(projectRoot, ...parts);
}
