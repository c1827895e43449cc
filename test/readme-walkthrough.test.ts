// The README's walkthroughs are real: "The service in five minutes" and "The command line over
// the API", run top to bottom by bash on a fresh service, do what they say. Each `svc` line must
// succeed (set -e), each curl line must answer without an error envelope, and afterwards the
// service holds what the text promises: one rule per name, the pack's rules unharmed.
import { expect } from "chai";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startService, type RunningService } from "../runtime/main.js";
import { fromRoot } from "./helpers/paths.js";

const readme = readFileSync(fromRoot("README.md"), "utf8");

/** The ```sh blocks of the README section under `heading`, in order. */
function shellBlocks(heading: string): string[] {
  const start = readme.indexOf(`\n## ${heading}\n`);
  expect(start, `README section "${heading}"`).to.be.greaterThan(0);
  const end = readme.indexOf("\n## ", start + 1);
  const section = readme.slice(start, end === -1 ? undefined : end);
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);
}

function bash(script: string, cwd: string, env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-c", script], { cwd, env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env }, stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.setEncoding("utf8").on("data", (t: string) => (out += t));
    child.stderr.setEncoding("utf8").on("data", (t: string) => (err += t));
    const timer = setTimeout(() => child.kill("SIGKILL"), 150_000);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, out, err });
    });
    child.stdin.on("error", () => undefined);
    // The one question the walkthrough asks (rules delete without --force) is answered yes.
    child.stdin.end("y\n");
  });
}

/** Each command with sample output under it (lines `#   TEXT`, not `...`): the command and the sample lines. */
function sampleOutputs(script: string): Array<[string, string[]]> {
  const samples: Array<[string, string[]]> = [];
  for (const line of script.split("\n")) {
    const sample = /^#   (.*)$/.exec(line)?.[1]?.trim();
    if (sample === undefined) {
      if (line.trim() !== "" && !line.startsWith("#")) samples.push([line.replace(/\s+#.*$/, ""), []]);
      continue;
    }
    if (sample !== "..." && samples.length > 0) samples.at(-1)![1].push(sample);
  }
  return samples.filter(([, lines]) => lines.length > 0);
}

/** A sample line as a pattern of a printed line: `...` stands for anything, a run of spaces for any. */
function sampleLine(sample: string): RegExp {
  const pattern = sample
    .split("...")
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s+"))
    .join(".*");
  return new RegExp(`^${pattern}$`);
}

describe("README walkthroughs", function () {
  this.timeout(180_000);
  let dir: string;
  let service: RunningService;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "svc-readme-"));
    // A folder that looks like the project to `npm run` (its package.json, dist, examples) so the
    // files the walkthrough writes (created.json, exported/) land here, not in the checkout.
    for (const name of ["package.json", "dist", "examples", "node_modules"]) symlinkSync(fromRoot(name), join(dir, name));
    service = await startService(
      { PORT: "0", HOST: "127.0.0.1", SVC_VAR_DIR: join(dir, "var"), SVC_DB_URL: `sqlite:${join(dir, "svc.sqlite")}`, SVC_PACK: fromRoot("examples/packs/demo"), SVC_PROCESSOR_PORT: "0" },
      { info: () => undefined, error: () => undefined },
      "0.0.0-test",
    );
  });

  after(async () => {
    await service?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("issue 16.19: the five-minute section and then the command-line section work top to bottom on a fresh service, without hard-coded ids", async () => {
    const fiveMinutes = shellBlocks("The service in five minutes").join("\n");
    const commandLine = shellBlocks("The command line over the API").join("\n");
    expect(fiveMinutes).to.include("BASE=http://127.0.0.1:8080");
    const script = ["set -euo pipefail", fiveMinutes.replace("BASE=http://127.0.0.1:8080", `BASE=${service.url}`), "echo '=== command line'", commandLine].join("\n");
    const run = await bash(script, dir, { SVC_VAR_DIR: join(dir, "var"), SVC_BASE_URL: service.url, npm_config_update_notifier: "false" });
    expect(run.code, `${run.out}\n${run.err}`).to.equal(0);

    // The sample output the README shows under a command (its `#   ` lines; `...` elides) is what
    // it prints; the sync's sample shows the notes it prints on stderr about the pack's files (issue 19).
    const printed = `${run.out}\n${run.err}`.split("\n").map((line) => line.trim());
    const samples = sampleOutputs(commandLine);
    for (const [command, sample] of samples) {
      const missing = sample.filter((line) => !printed.some((p) => sampleLine(line).test(p)));
      expect(missing, `README sample output of \`${command}\` not printed; the run printed:\n${run.out}\n${run.err}`).to.deep.equal([]);
    }
    const syncSample = samples.find(([command]) => command.startsWith("svc sync examples/packs/demo --confirmed --enable"))?.[1] ?? [];
    const packNotes = [...new Set(run.err.split("\n").filter((line) => line.startsWith("examples/packs/demo/") && line.includes(": skipped: ")))];
    expect(packNotes.length, run.err).to.be.greaterThan(0);
    expect(packNotes.filter((note) => !syncSample.includes(note)), "notes of svc sync missing from its README sample").to.deep.equal([]);

    const [curlPart] = run.out.split("=== command line");
    for (const line of curlPart!.split("\n").filter((l) => l.startsWith("{"))) {
      const answer = JSON.parse(line) as { success?: boolean; error?: unknown };
      expect(answer.success !== false && answer.error === undefined, `a curl step of the five-minute section answered an error: ${line.slice(0, 300)}`).to.equal(true);
    }

    const token = await bash("npm run -s svc -- token --role Viewer --sub readme-check", dir, { SVC_VAR_DIR: join(dir, "var") });
    const answer = await fetch(`${service.url}/api/rules?page_size=500`, { headers: { authorization: `Bearer ${token.out.trim()}` } });
    const { data } = (await answer.json()) as { data: { items: { id: number; name: string }[] } };
    const names = data.items.map((rule) => rule.name);
    expect(names, "one rule per name").to.deep.equal([...new Set(names)]);
    expect(names).to.include.members(["AHU-2 duct pressure", "Boiler enable"]);
  });
});
