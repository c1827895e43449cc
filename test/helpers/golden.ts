// Golden files: expected outputs committed beside their inputs. `UPDATE_GOLDEN=1 npm test`
// rewrites them; a normal run only compares. With CI set nothing is ever written. A missing
// expected file fails, and so does any file in a case folder that no test reads.
import { expect } from "chai";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fromRoot } from "./paths.js";

const updating = process.env.UPDATE_GOLDEN === "1";
if (updating && process.env.CI) {
  process.stderr.write("UPDATE_GOLDEN=1 is refused when CI is set: goldens are never rewritten in CI\n");
  process.exit(2);
}

/** The case folders of test/golden/<area>/, sorted. */
export function goldenCases(area: string): Array<{ name: string; dir: string }> {
  const root = fromRoot("test/golden", area);
  return readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => ({ name: e.name, dir: join(root, e.name) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Goldens are JSON with two-space indentation, LF and one trailing newline. */
export function toGoldenText(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/**
 * Compares `actual` with `<dir>/<expected>` (or writes it when updating), and checks that the
 * folder holds exactly `inputs` plus that one expected file.
 */
export function expectGolden(dir: string, inputs: string[], expected: string, actual: string): void {
  expectGoldenFiles(dir, inputs, { [expected]: actual });
}

/**
 * Compares each `expected` file name's text with `<dir>/<name>` (or writes them when updating),
 * and checks that the folder holds exactly `inputs` plus those expected files.
 */
export function expectGoldenFiles(dir: string, inputs: string[], expected: Record<string, string>): void {
  const allowed = new Set([...inputs, ...Object.keys(expected)]);
  if (updating) {
    for (const [name, actual] of Object.entries(expected)) writeFileSync(join(dir, name), actual);
    for (const file of readdirSync(dir)) if (!allowed.has(file)) rmSync(join(dir, file));
    return;
  }
  const unread = readdirSync(dir).filter((file) => !allowed.has(file));
  expect(unread, `files in ${dir} that no test reads (stale expectations?)`).to.deep.equal([]);
  for (const [name, actual] of Object.entries(expected)) {
    const path = join(dir, name);
    expect(existsSync(path), `missing expected file ${path}; run UPDATE_GOLDEN=1 npm test`).to.equal(true);
    expect(actual, `${path} differs`).to.equal(readFileSync(path, "utf8"));
  }
}
