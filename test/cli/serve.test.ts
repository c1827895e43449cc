// `svc serve` as the composition root runs it: configured by the environment, serving on a
// loopback port, and shutting down gracefully on a signal.
import { expect } from "chai";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { main } from "../../cli/main.js";
import { projectRoot } from "../helpers/paths.js";

describe("svc serve", () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), "svc-serve-"))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  async function serve(env: Record<string, string>) {
    let out = "";
    let err = "";
    let signal: ((name: string) => void) | undefined;
    let exited: (code: number) => void = () => undefined;
    const exit = new Promise<number>((resolve) => (exited = resolve));
    const code = await main(["serve"], { out: (t) => (out += t), err: (t) => (err += t) }, projectRoot, {
      env: { PORT: "0", SVC_VAR_DIR: dir, SVC_PACK: join(projectRoot, "examples/packs/demo"), ...env },
      onSignal: (handler) => (signal = handler),
      exit: exited,
    });
    return { code, out: () => out, err: () => err, signal: (name: string) => signal!(name), exit };
  }

  it("serves the demo on SQLite with a generated owner-only key, prints the URLs and how to get a token, and stops on SIGTERM", async () => {
    const running = await serve({});
    expect(running.code, running.err()).to.equal(0);
    const url = /serving (http:\/\/127\.0\.0\.1:\d+)/.exec(running.out())?.[1];
    expect(url, running.out()).to.be.a("string");
    expect(running.out()).to.contain(`${url}/docs`);
    expect(running.out()).to.contain("svc -- token --role Engineer");
    expect(statSync(join(dir, "jwt-secret")).mode & 0o077).to.equal(0);
    expect(statSync(join(dir, "svc.sqlite")).isFile()).to.equal(true);
    const health = await fetch(`${url}/health`, { signal: AbortSignal.timeout(3000) });
    expect(await health.json()).to.include({ status: "ok" });
    running.signal("SIGTERM");
    expect(await running.exit).to.equal(0);
    expect(running.out()).to.contain("stopped");
    const refused = await fetch(`${url}/health`, { signal: AbortSignal.timeout(3000) }).then(
      () => "answered",
      () => "refused",
    );
    expect(refused).to.equal("refused");
  });

  it("refuses to start on a bad setting, naming the variable (exit 2)", async () => {
    for (const [env, variable] of [
      [{ PORT: "eighty" }, "PORT"],
      [{ SVC_JWT_SECRET: "short" }, "SVC_JWT_SECRET"],
      [{ SVC_DB_URL: "mysql://x" }, "SVC_DB_URL"],
    ] as const) {
      const running = await serve(env);
      expect(running.code, JSON.stringify(env)).to.equal(2);
      expect(running.err()).to.contain(variable);
    }
  });
});
