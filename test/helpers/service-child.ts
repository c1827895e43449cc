// The real service (`svc serve`) in a child process on an ephemeral loopback port, for attacks
// that would crash it: a crash ends the child, not the test run, and the test can ask whether it
// is still alive and answering.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Role } from "../../runtime/auth/identity.js";
import { mintToken } from "../../runtime/auth/mint-token.js";
import { testServiceEnv } from "./cli-service.js";
import { fromRoot, projectRoot } from "./paths.js";

const SECRET = "a-child-service-secret-of-more-than-32-bytes";

export interface ServiceChild {
  url: string;
  port: number;
  token(role: Role, ttlSeconds?: number): Promise<string>;
  /** Whether the process is still running and answers GET /health with 200 (bounded by 3 s). */
  answers(): Promise<boolean>;
  /** What the child wrote so far (stdout and stderr), for failure messages. */
  output(): string;
  /** Closes this side of the child's stdout and stderr pipes: its next write meets EPIPE. */
  closeOutput(): void;
  /** Sends a signal; resolves with the exit code (null when killed by a signal). */
  signal(name: NodeJS.Signals): Promise<number | null>;
  stop(): Promise<void>;
}

/** Starts `node dist/cli/svc.js serve` with its own var folder and SQLite file; rejects after 20 s. */
export async function startServiceChild(): Promise<ServiceChild> {
  const dir = mkdtempSync(join(tmpdir(), "svc-child-"));
  const child = spawn(process.execPath, [fromRoot("dist/cli/svc.js"), "serve"], {
    cwd: projectRoot,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...testServiceEnv(dir, SECRET) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.setEncoding("utf8").on("data", (t: string) => (output += t));
  child.stderr!.setEncoding("utf8").on("data", (t: string) => (output += t));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  try {
    const url = await serving(child, () => output);
    return {
      url,
      port: Number(new URL(url).port),
      token: (role, ttlSeconds = 3600) => mintToken(new TextEncoder().encode(SECRET), { sub: "attacker", role, ttlSeconds }, Date.now()),
      answers: async () => running(child) && (await fetch(`${url}/health`, { signal: AbortSignal.timeout(3000) }).then((r) => r.status === 200, () => false)),
      output: () => output,
      closeOutput: () => {
        child.stdout!.destroy();
        child.stderr!.destroy();
      },
      signal: (name) => {
        child.kill(name);
        return exited;
      },
      stop: async () => {
        if (running(child)) child.kill("SIGKILL");
        await exited;
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    if (running(child)) child.kill("SIGKILL");
    await exited;
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

function running(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** The URL from the child's "serving <url>" line. */
function serving(child: ChildProcess, output: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`svc serve did not start within 20 s:\n${output()}`)), 20_000);
    const check = () => {
      const url = /serving (http:\/\/127\.0\.0\.1:\d+)/.exec(output())?.[1];
      if (url !== undefined) done(url);
    };
    const exit = () => done(new Error(`svc serve exited before serving:\n${output()}`));
    function done(result: string | Error) {
      clearTimeout(timer);
      child.stdout!.off("data", check);
      child.off("exit", exit);
      if (result instanceof Error) reject(result);
      else resolve(result);
    }
    child.stdout!.on("data", check);
    child.once("exit", exit);
  });
}
