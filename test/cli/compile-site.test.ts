// `svc compile` with the site (issue 17.3 and the CLI side of 17.1): rule files compile against
// their pack's site.yaml (found upwards, --site, --no-site), say once when there is none, warn at
// each write of an action several rules write (rule/shared-write), and --strict fails on warnings.
import { expect } from "chai";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { projectRoot } from "../helpers/paths.js";
import { runSvc, type SvcRun } from "../helpers/run-svc.js";

const svc = (...argv: string[]): Promise<SvcRun> => runSvc(projectRoot, argv);

/** A site with one AHU whose key is `key`. */
function siteYaml(key = "ahu1"): string {
  return `channels:
  - { id: virtual-1, protocol: virtual }
instances:
  - id: 7
    key: ${key}
    name: AHU-1
    model: air-handling-unit
    channel: virtual-1
    points:
      - { type: measurement, point: 1, name: supply_temp, unit: degC, min: -30, max: 60 }
      - { type: action, point: 1, name: cooling_stage, unit: "", min: 0, max: 2 }
      - { type: action, point: 2, name: heating_valve, unit: "%", min: 0, max: 100 }
`;
}

const STAGES = `// AHU-1 stages
rule "AHU-1 cooling stages" {
  priority 20
  trigger every 1m

  input supply = measurement(7, 1)
  when supply > 20 { write action(7, 1) = 2 }
}
`;

const WALKTHROUGH = (priority: number): string => `rule "Walkthrough" {
  priority ${priority}
  trigger every 1m
  write action(7, 1) = 1
}
`;

/** `line:col` of the first occurrence of `needle` in `text`. */
function at(text: string, needle: string): string {
  const index = text.indexOf(needle);
  expect(index, needle).to.be.greaterThan(-1);
  const before = text.slice(0, index).split("\n");
  return `${before.length}:${before.at(-1)!.length + 1}`;
}

describe("svc compile with the site", () => {
  let dir: string;
  let pack: string;
  let stages: string;
  let walkthrough: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "svc-compile-site-"));
    pack = join(dir, "pack");
    mkdirSync(join(pack, "rules"), { recursive: true });
    writeFileSync(join(pack, "site.yaml"), siteYaml());
    stages = join(pack, "rules", "stages.rule");
    walkthrough = join(pack, "rules", "walkthrough.rule");
    writeFileSync(stages, STAGES);
    writeFileSync(walkthrough, WALKTHROUGH(0));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("issue 17.3: two rules of a pack writing one action: a rule/shared-write warning at each write, naming the point by the site, the other rule with file:line and how priorities order them", async () => {
    const { code, err } = await svc("compile", "--check", pack);
    expect(code, err).to.equal(0);
    const stagesWrite = at(STAGES, "write action(7, 1)");
    const walkthroughWrite = at(WALKTHROUGH(0), "write action(7, 1)");
    expect(err).to.contain(
      `${stages}:${stagesWrite}: warning rule/shared-write: ahu1.cooling_stage (action(7, 1)) is also written by "Walkthrough" (${walkthrough}:${walkthroughWrite.split(":")[0]}, priority 0); priorities 20 and 0: the higher runs first when both are due\n`,
    );
    expect(err).to.contain(
      `${walkthrough}:${walkthroughWrite}: warning rule/shared-write: ahu1.cooling_stage (action(7, 1)) is also written by "AHU-1 cooling stages" (${stages}:${stagesWrite.split(":")[0]}, priority 20); priorities 0 and 20: the higher runs first when both are due\n`,
    );
    expect(err).to.match(/2 files compiled, no errors, 2 warnings\n$/);
    expect(err, "the pack has a site: nothing was skipped").to.not.contain("note:");
  });

  it("issue 17.3: writers of the same priority are told that which one writes last is not defined; a point only one rule writes is not reported", async () => {
    writeFileSync(walkthrough, WALKTHROUGH(20));
    const { out } = await svc("compile", "--check", "--format", "json", pack);
    const diagnostics = JSON.parse(out) as Array<{ file: string; code: string; severity: string; message: string; line: number }>;
    expect(diagnostics.map((d) => [d.file, d.code, d.severity, d.line])).to.deep.equal([
      [stages, "rule/shared-write", "warning", 7],
      [walkthrough, "rule/shared-write", "warning", 4],
    ]);
    expect(diagnostics[0]!.message).to.match(/; same priority 20: which one writes last is not defined$/);
    writeFileSync(walkthrough, WALKTHROUGH(0).replace("action(7, 1)", "action(7, 2)"));
    expect(JSON.parse((await svc("compile", "--check", "--format", "json", pack)).out)).to.deep.equal([]);
  });

  it("issue 17.3: a point many rules write: each warning names five other writers and counts the rest (the output grows with the rules, not their square)", async () => {
    const many = Array.from({ length: 40 }, (_, k) => `rule "W${k}" {\n  priority ${k % 3}\n  write action(7, 1) = 1\n}\n`).join("");
    writeFileSync(walkthrough, many);
    const { out } = await svc("compile", "--check", "--format", "json", pack);
    const diagnostics = JSON.parse(out) as Array<{ file: string; code: string; message: string }>;
    expect(diagnostics).to.have.length(41);
    const first = diagnostics.find((d) => d.file === stages)!;
    expect(first.message).to.match(/ and 35 more rules; priorities 20, 2, 1 and 0: the higher runs first when several are due$/);
    expect((first.message.match(/ \(\S+:\d+, priority \d+\)/g) ?? []).length).to.equal(5);
  });

  it("issue 17.3: --strict makes warnings errors: exit 1, and --out writes nothing", async () => {
    const { code, err } = await svc("compile", "--check", "--strict", pack);
    expect(code).to.equal(1);
    expect(err).to.contain(": error rule/shared-write: ahu1.cooling_stage (action(7, 1))");
    expect(err).to.contain("2 of 2 files failed to compile (--strict: 2 warnings counted as errors)");
    const out = join(dir, "build");
    expect((await svc("compile", "--strict", "--out", out, pack)).code).to.equal(1);
    expect(() => readFileSync(join(out, "walkthrough.nodes.json"))).to.throw();
    // Without warnings, --strict passes.
    writeFileSync(walkthrough, WALKTHROUGH(0).replace("action(7, 1)", "action(7, 2)"));
    expect((await svc("compile", "--check", "--strict", pack)).code).to.equal(0);
  });

  it("issue 17.3: a rule file named alone compiles with the nearest site.yaml above it; --site overrides it, --no-site goes without", async () => {
    const alone = await svc("compile", "--check", stages, walkthrough);
    expect(alone.code, alone.err).to.equal(0);
    expect(alone.err, "the site's names: the pack's site.yaml was found and indexed").to.contain("warning rule/shared-write: ahu1.cooling_stage (action(7, 1))");
    expect(alone.err).to.not.contain("note:");
    writeFileSync(join(dir, "other.yaml"), siteYaml("main_ahu"));
    const given = await svc("compile", "--check", "--site", join(dir, "other.yaml"), stages, walkthrough);
    expect(given.err).to.contain("warning rule/shared-write: main_ahu.cooling_stage (action(7, 1))");
    const none = await svc("compile", "--check", "--no-site", stages, walkthrough);
    expect(none.err, "without a site, the point goes by its numbers").to.contain("warning rule/shared-write: action(7, 1) is also written by");
    expect(none.err, "--no-site was asked for: no note").to.not.contain("note:");
    expect((await svc("compile", "--check", "--site", join(dir, "missing.yaml"), stages)).code).to.equal(2);
    expect((await svc("compile", "--check", "--site", join(dir, "other.yaml"), "--no-site", stages)).code).to.equal(2);
  });

  it("issue 17.3: the search for a site.yaml goes through the directory given and a few folders above it, never above a git root", async () => {
    const inRules = await svc("compile", "--check", join(pack, "rules"));
    expect(inRules.err, "rules/ given: the pack's site.yaml one folder up").to.contain("ahu1.cooling_stage (action(7, 1))");
    const repo = join(dir, "repo");
    mkdirSync(join(repo, "rules"), { recursive: true });
    writeFileSync(join(dir, "site.yaml"), siteYaml());
    writeFileSync(join(repo, "rules", "a.rule"), STAGES);
    const below = await svc("compile", "--check", join(repo, "rules", "a.rule"));
    expect(below.err, "the site.yaml two folders up is found").to.not.contain("note:");
    mkdirSync(join(repo, ".git"));
    const fenced = await svc("compile", "--check", join(repo, "rules", "a.rule"));
    expect(fenced.err, "above the git root it is not").to.contain(`note: no site.yaml found for ${join(repo, "rules", "a.rule")}`);
    const deep = join(dir, "a", "b", "c", "d");
    mkdirSync(deep, { recursive: true });
    writeFileSync(join(deep, "x.rule"), STAGES);
    expect((await svc("compile", "--check", join(dir, "a", "b", "c"))).err, "3 folders above the directory given").to.not.contain("note:");
    expect((await svc("compile", "--check", join(deep, "x.rule"))).err, "4 folders above the file's own folder: too far").to.contain("note: no site.yaml found");
  });

  it("issue 17.3: rule files without a site.yaml compile without one, and a note says so once for all of them", async () => {
    const loose = join(dir, "loose");
    mkdirSync(loose);
    const names = ["a", "b", "c", "d"].map((n) => join(loose, `${n}.rule`));
    names.forEach((file, i) => writeFileSync(file, `rule "R${i}" {\n  trigger every 1m\n  write action(9, ${i + 1}) = 1\n}\n`));
    const { code, err } = await svc("compile", "--check", ...names);
    expect(code, err).to.equal(0);
    const notes = err.split("\n").filter((line) => line.startsWith("note:"));
    expect(notes).to.deep.equal([`note: no site.yaml found for ${names.slice(0, 3).join(", ")} and 1 more: checks against the site (points, ranges, units) were skipped`]);
    const one = await svc("compile", "--check", names[0]!);
    expect(one.err).to.contain(`note: no site.yaml found for ${names[0]}: checks against the site (points, ranges, units) were skipped\n`);
  });

  it("issue 17.3: a site.yaml with errors is reported once, and its rule files compile without it, saying so", async () => {
    writeFileSync(join(pack, "site.yaml"), siteYaml().replace("      - { type: action, point: 1,", "      - { type: action, point: 1, bogus: 1,"));
    const { code, err } = await svc("compile", "--check", pack);
    expect(code).to.equal(1);
    expect(err.match(/site\.yaml:\d+:\d+: error /g), err).to.have.length(1);
    expect(err).to.contain(`note: ${join(pack, "site.yaml")} has errors, so ${stages}, ${walkthrough} compiled without it: checks against the site (points, ranges, units) were skipped`);
    expect(err, "the shared write is still found, by numbers").to.contain("warning rule/shared-write: action(7, 1) is also written by");
  });

  it("issue 17: a site.yaml with errors (min above max): a named point of its rule files says the site has errors and names it, not that no site was given", async () => {
    writeFileSync(join(pack, "site.yaml"), siteYaml().replace("name: cooling_stage, unit: \"\", min: 0, max: 2", "name: cooling_stage, unit: \"\", min: 3, max: 2"));
    writeFileSync(stages, STAGES.replace("measurement(7, 1)", "ahu1.supply_temp"));
    const { code, err } = await svc("compile", "--check", pack);
    expect(code).to.equal(1);
    expect(err).to.match(/site\.yaml:\d+:\d+: error site\//);
    const named = err.split("\n").filter((line) => line.includes("point/no-site"));
    expect(named, err).to.have.length(1);
    expect(named[0]).to.contain(`ahu1.supply_temp names a point of the site, but the site ${join(pack, "site.yaml")} has errors`);
    expect(named[0]).to.contain("the names resolve");
    expect(err).to.not.contain("no site was given");
  });

  it("issue 17: the summary of a pack that compiles with warnings counts them: 'no errors, 2 warnings'", async () => {
    const { code, err } = await svc("compile", "--check", pack);
    expect(code, err).to.equal(0);
    expect(err).to.match(/\n2 files compiled, no errors, 2 warnings\n$/);
    writeFileSync(walkthrough, WALKTHROUGH(0).replace("action(7, 1)", "action(7, 2)"));
    expect((await svc("compile", "--check", pack)).err).to.match(/(^|\n)2 files compiled, no errors\n$/);
  });

  it("issue 17.3: rules of different packs writing the same numbers are not shared writes", async () => {
    const second = join(dir, "second");
    mkdirSync(second);
    writeFileSync(join(second, "site.yaml"), siteYaml());
    writeFileSync(join(second, "walkthrough.rule"), WALKTHROUGH(0).replace("Walkthrough", "Second walkthrough"));
    rmSync(walkthrough);
    const { code, out } = await svc("compile", "--check", "--format", "json", dir);
    expect(code).to.equal(0);
    expect(JSON.parse(out)).to.deep.equal([]);
  });
});
