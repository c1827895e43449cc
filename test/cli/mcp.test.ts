// `svc mcp` as an MCP client runs it: the SDK's Client over stdio spawning `node dist/cli/svc.js
// mcp`, against the real service. rules_execute runs only with confirmed: true, through the API.
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { createApiClient, type ApiClient } from "../../cli/api/api-client.js";
import { compileRuleSource } from "../../compiler/front-ends/dsl/index.js";
import { isIsomorphic } from "../../compiler/topology/canonical-topology.js";
import type { NodesTopology } from "../../generated/types.js";
import { runCli, startCliService, type CliService } from "../helpers/cli-service.js";
import { demoSite } from "../helpers/demo-site.js";
import { fromRoot } from "../helpers/paths.js";

const confirmed = { confirmed: true } as const;
const CALL_TIMEOUT = { timeout: 10_000 };

/** An MCP session with `svc mcp` running with this environment (stderr kept for messages). */
async function connect(env: Record<string, string>): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [fromRoot("dist/cli/svc.js"), "mcp"],
    env: { PATH: process.env.PATH ?? "", ...env },
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const client = new Client({ name: "svc-test", version: "0.0.0" });
  await client.connect(transport, CALL_TIMEOUT);
  return { client, stderr: () => stderr };
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args }, undefined, CALL_TIMEOUT)) as CallToolResult;
}

function textOf(result: CallToolResult): string {
  const first = result.content[0];
  return first?.type === "text" ? first.text : "";
}

describe("svc mcp", function () {
  this.timeout(30_000);
  let service: CliService;
  let api: ApiClient;
  let engineerEnv: Record<string, string>;
  let session: { client: Client; stderr: () => string } | undefined;
  let boiler: number;
  let stub: number;

  before(async () => {
    service = await startCliService();
    engineerEnv = await service.env("Engineer");
    api = createApiClient({ baseUrl: service.url, token: engineerEnv.SVC_ACCESS_TOKEN, timeoutMs: 10_000 });
    const compiled = compileRuleSource(readFileSync(fromRoot("examples/packs/demo/rules/boiler-enable.rule"), "utf8"), { site: demoSite() }).rules[0]!;
    boiler = (await api.createRule({ name: compiled.name, description: compiled.description }, confirmed)).id;
    const { priority, cooldown_ms, trigger_config, flow_json } = compiled;
    await api.updateRule(boiler, { priority, cooldown_ms, trigger_config, flow_json }, confirmed);
    stub = (await api.createRule({ name: "Not drawn yet", description: "a stub" }, confirmed)).id;
  });
  after(() => service.stop());
  afterEach(async () => {
    await session?.client.close();
    session = undefined;
  });

  const historyOf = async (id: number) => (await api.history(id, {})).items;

  it("lists the three tools, rules_execute marked destructive and the others read-only", async () => {
    session = await connect(engineerEnv);
    const { tools } = await session.client.listTools(undefined, CALL_TIMEOUT);
    expect(tools.map((t) => t.name).sort()).to.deep.equal(["rules_execute", "rules_get", "rules_list"]);
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(byName.rules_execute!.annotations).to.include({ destructiveHint: true, readOnlyHint: false });
    expect(byName.rules_list!.annotations).to.include({ readOnlyHint: true });
    expect(byName.rules_get!.annotations).to.include({ readOnlyHint: true });
    expect(byName.rules_execute!.description).to.contain("REAL");
    expect(session.client.getServerVersion()).to.include({ name: "svc" });
  });

  it("rules_list and rules_get answer the rules as the API does, with the DSL of a rule that has a flow", async () => {
    session = await connect(engineerEnv);
    const list = await call(session.client, "rules_list");
    expect(list.isError).to.not.equal(true);
    expect(list.structuredContent).to.deep.equal({ rules: await api.listRules() });
    expect(JSON.parse(textOf(list))).to.deep.equal(list.structuredContent);

    const got = await call(session.client, "rules_get", { id: boiler });
    const rule = await api.getRule(boiler);
    const content = got.structuredContent as { rule: unknown; dsl: string; dsl_note: null };
    expect(content.rule).to.deep.equal(rule);
    expect(content.dsl_note).to.equal(null);
    const compiled = compileRuleSource(content.dsl).rules[0]!;
    expect(isIsomorphic(compiled.nodes_json, rule.nodes_json as NodesTopology)).to.equal(true);

    const stubbed = (await call(session.client, "rules_get", { id: stub })).structuredContent as { dsl: null; dsl_note: string };
    expect(stubbed).to.include({ dsl: null });
    expect(stubbed.dsl_note).to.contain("stub");
  });

  it("rules_get of an unknown id is an error result with the API's code and correlation id; a bad id fails validation", async () => {
    session = await connect(engineerEnv);
    const missing = await call(session.client, "rules_get", { id: 999_999 });
    expect(missing.isError).to.equal(true);
    const { error } = JSON.parse(textOf(missing)) as { error: { code: string; correlationId: string } };
    expect(error.code).to.equal("not-found");
    expect(error.correlationId).to.be.a("string").and.not.equal("");
    expect(textOf(missing)).to.not.contain("    at ");
    const invalid = await call(session.client, "rules_get", { id: -1 });
    expect(invalid.isError).to.equal(true);
  });

  it("rules_execute without confirmed: true is refused and nothing is executed", async () => {
    session = await connect(engineerEnv);
    for (const args of [{ id: boiler }, { id: boiler, confirmed: false }]) {
      const refused = await call(session.client, "rules_execute", args);
      expect(refused.isError, JSON.stringify(args)).to.equal(true);
      expect(textOf(refused)).to.contain("confirmed: true").and.contain("no dry run");
    }
    expect(await historyOf(boiler)).to.deep.equal([]);
  });

  it("rules_execute with confirmed: true executes the rule through the API and a history record appears", async () => {
    session = await connect(engineerEnv);
    const before = (await historyOf(boiler)).length;
    const executed = await call(session.client, "rules_execute", { id: boiler, confirmed: true });
    expect(executed.isError, textOf(executed)).to.not.equal(true);
    const result = executed.structuredContent as { rule_id: number; actions_attempted: number; history_id: number };
    expect(result.rule_id).to.equal(boiler);
    expect(result.actions_attempted).to.be.a("number");
    const history = await historyOf(boiler);
    expect(history).to.have.length(before + 1);
    expect(history.at(-1)!.id).to.equal(result.history_id);
  });

  it("issue 16.25: rules_execute of a missing rule is an error result and leaves an invalid audit event naming the rule", async () => {
    session = await connect(engineerEnv);
    const missing = await call(session.client, "rules_execute", { id: 987_654, confirmed: true });
    expect(missing.isError).to.equal(true);
    const { error } = JSON.parse(textOf(missing)) as { error: { code: string; correlationId: string } };
    expect(error.code).to.equal("not-found");
    const admin = (await service.env("Admin")).SVC_ACCESS_TOKEN!;
    const reply = await fetch(`${service.url}/api/v1/audit/events?action=rule.execute&resourceId=987654`, { headers: { authorization: `Bearer ${admin}` }, signal: AbortSignal.timeout(5000) });
    const page = (await reply.json()) as { items: { outcome: string; correlationId: string; subject: { role: string } }[] };
    expect(page.items.map((e) => [e.outcome, e.correlationId, e.subject.role])).to.deep.equal([["invalid", error.correlationId, "Engineer"]]);
  });

  it("rules_execute with a Viewer token is an error result: permission-denied with a correlation id, nothing executed", async () => {
    session = await connect(await service.env("Viewer"));
    const before = (await historyOf(boiler)).length;
    const denied = await call(session.client, "rules_execute", { id: boiler, confirmed: true });
    expect(denied.isError).to.equal(true);
    const { error, hint } = JSON.parse(textOf(denied)) as { error: { status: number; code: string; correlationId: string }; hint: string };
    expect(error).to.include({ status: 403, code: "permission-denied" });
    expect(error.correlationId).to.be.a("string").and.not.equal("");
    expect(hint).to.contain("Engineer");
    expect(await historyOf(boiler)).to.have.length(before);
  });

  it("issue 16.25: without SVC_ACCESS_TOKEN it starts, lists its tools and answers each tool call with a clear token-missing error", async () => {
    session = await connect({ SVC_BASE_URL: service.url });
    const { tools } = await session.client.listTools(undefined, CALL_TIMEOUT);
    expect(tools.map((t) => t.name).sort()).to.deep.equal(["rules_execute", "rules_get", "rules_list"]);
    const before = (await historyOf(boiler)).length;
    for (const [name, args] of [["rules_list", {}], ["rules_get", { id: boiler }], ["rules_execute", { id: boiler, confirmed: true }]] as const) {
      const result = await call(session.client, name, args);
      expect(result.isError, name).to.equal(true);
      const { error, hint } = JSON.parse(textOf(result)) as { error: { code: string; message: string }; hint: string };
      expect(error.code, name).to.equal("token-missing");
      expect(error.message, name).to.contain("SVC_ACCESS_TOKEN is not set");
      expect(hint, name).to.contain("svc -- token --role");
    }
    expect(await historyOf(boiler)).to.have.length(before);
    expect(session.stderr()).to.contain("SVC_ACCESS_TOKEN is not set");
  });

  it("exits 0 when the client closes stdin, having written nothing but the protocol to stdout", async () => {
    const run = await runCli(["mcp"], { env: engineerEnv });
    expect(run.code, run.err).to.equal(0);
    expect(run.out).to.equal("");
    expect(run.err).to.contain("serving rules_list, rules_get and rules_execute");
    expect(run.err).to.not.contain(engineerEnv.SVC_ACCESS_TOKEN!);
  });

  it("--help tells how to register it with an MCP client", async () => {
    const run = await runCli(["mcp", "--help"]);
    expect(run.code).to.equal(0);
    expect(run.out).to.contain('"mcpServers"').and.contain("SVC_ACCESS_TOKEN").and.contain("dist/cli/svc.js");
  });
});
