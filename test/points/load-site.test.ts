// loadSite: YAML syntax, the site schema and the semantic checks, each problem placed in the
// file by line and column, all problems of a phase at once.
import { expect } from "chai";
import type { Diagnostic } from "../../generated/types.js";
import { loadSite } from "../../runtime/points/load-site.js";

const where = (d: Diagnostic): string => `${d.span?.source}:${d.span?.start.line}:${d.span?.start.column} ${d.code} ${d.path ?? ""}`;

const GOOD = `channels:
  - id: virtual-1
    protocol: virtual
instances:
  - id: 7
    name: AHU-1
    model: air-handling-unit
    channel: virtual-1
    points:
      - { type: measurement, point: 4, name: fan_status, unit: "" }
      - { type: action, point: 4, name: fan_command, unit: "", min: 0, max: 1, reads_back: 4 }
`;

describe("loadSite", () => {
  it("loads a valid site without diagnostics", () => {
    const { site, diagnostics } = loadSite(GOOD, "site.yaml");
    expect(diagnostics).to.deep.equal([]);
    expect(site!.instances[0]!.points).to.have.length(2);
  });

  it("reads JSON too (JSON is YAML)", () => {
    const { site, diagnostics } = loadSite(JSON.stringify({ channels: [], instances: [] }), "site.json");
    expect(diagnostics).to.deep.equal([]);
    expect(site).to.deep.equal({ channels: [], instances: [] });
  });

  it("reports YAML syntax errors and duplicate keys with line and column, and returns no site", () => {
    const broken = loadSite("channels: [\ninstances: []\n", "site.yaml");
    expect(broken.site).to.equal(undefined);
    expect(broken.diagnostics.map((d) => d.code)).to.include("yaml/syntax");
    expect(broken.diagnostics[0]!.span!.source).to.equal("site.yaml");

    const twice = loadSite("channels: []\ninstances: []\nchannels: []\n", "site.yaml");
    expect(twice.diagnostics.map((d) => `${where(d)} ${d.message}`)).to.deep.equal(["site.yaml:3:1 yaml/duplicate-key  'channels' appears twice in this mapping"]);
  });

  it("reports schema problems with line:col: at the offending value, an unknown property at its name", () => {
    const text = GOOD.replace("model: air-handling-unit", "modle: air-handling-unit")
      .replace("{ type: measurement, point: 4,", "{ type: measurment, point: 4,")
      .replace("reads_back: 4 }", "reads_back: 4, simulate: { kind: daily } }");
    const { site, diagnostics } = loadSite(text, "site.yaml");
    expect(site).to.equal(undefined);
    expect(diagnostics.map(where)).to.have.members([
      "site.yaml:5:5 schema/required /instances/0",
      "site.yaml:7:5 schema/additional-properties /instances/0/modle",
      "site.yaml:10:17 schema/discriminator /instances/0/points/0/type",
      "site.yaml:11:95 schema/additional-properties /instances/0/points/1/simulate",
    ]);
    expect(diagnostics.find((d) => d.code === "schema/discriminator")!.suggestion).to.equal("did you mean 'measurement'?");
  });

  it("refuses numbers that are not finite (.inf) in the schema phase", () => {
    const { diagnostics } = loadSite(GOOD.replace("max: 1,", "max: .inf,"), "site.yaml");
    expect(diagnostics.map(where)).to.deep.equal(["site.yaml:11:77 schema/type /instances/0/points/1/max"]);
  });

  it("a ramp needs its period", () => {
    const { diagnostics } = loadSite(GOOD.replace('name: fan_status, unit: "" }', 'name: fan_status, unit: "", simulate: { kind: ramp } }'), "site.yaml");
    expect(diagnostics.map((d) => `${d.code} ${d.message} ${d.path}`)).to.deep.equal(["schema/required missing required property 'period_s' /instances/0/points/0/simulate"]);
  });

  it("reports semantic problems with line:col, after the schema passes", () => {
    const text = GOOD.replace("channel: virtual-1", "channel: virtual-2").replace("reads_back: 4", "reads_back: 5");
    const { site, diagnostics } = loadSite(text, "packs/demo/site.yaml");
    expect(site).to.equal(undefined);
    expect(diagnostics.map(where)).to.deep.equal([
      "packs/demo/site.yaml:8:14 site/unknown-channel /instances/0/channel",
      "packs/demo/site.yaml:11:92 site/reads-back-target /instances/0/points/1/reads_back",
    ]);
    expect(diagnostics[0]!.suggestion).to.equal("did you mean 'virtual-1'?");
  });

  it("refuses a document with too many aliases instead of expanding it", () => {
    const lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"];
    for (let i = 0; i < 12; i++) lines.push(`${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(10).fill(`*${String.fromCharCode(97 + i)}`).join(", ")}]`);
    const { site, diagnostics } = loadSite(lines.join("\n"), "bomb.yaml");
    expect(site).to.equal(undefined);
    expect(diagnostics.map((d) => d.code)).to.deep.equal(["yaml/syntax"]);
  });
});
