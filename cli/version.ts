// The version of this package: what svc --version prints and the MCP server announces.
import { readFileSync } from "node:fs";

export function packageVersion(): string {
  // Compiled to dist/cli/: two folders up is the project root.
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
  return pkg.version;
}
