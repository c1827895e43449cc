// The real service (svc serve's composition root) in this process on an ephemeral loopback port,
// with its own var folder and SQLite file, and the real `svc` binary run against it as a child
// process. The child runs asynchronously: this process's event loop must stay free to answer it.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Role } from "../../runtime/auth/identity.js";
import { mintToken } from "../../runtime/auth/mint-token.js";
import { startService, type RunningService } from "../../runtime/main.js";
import { fromRoot, projectRoot } from "./paths.js";

const SECRET = "a-cli-test-secret-of-more-than-32-bytes-long";

export interface CliService {
  url: string;
  /** The service's var folder (logs, SQLite file); removed by stop(). */
  dir: string;
  service: RunningService;
  token(role: Role, sub?: string): Promise<string>;
  /** The environment a CLI child needs to reach this service as `role` (no token with role null). */
  env(role: Role | null): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

/** The environment of a test service: loopback, any port, its own var folder and SQLite file, the demo site, no processing. */
export function testServiceEnv(dir: string, secret: string): Record<string, string> {
  return {
    PORT: "0",
    HOST: "127.0.0.1",
    SVC_VAR_DIR: dir,
    SVC_DB_URL: `sqlite:${join(dir, "svc.sqlite")}`,
    SVC_PACK: fromRoot("examples/packs/demo"),
    SVC_JWT_SECRET: secret,
    SVC_DATA_PROCESSING: "off",
    SVC_DEMO_DATA: "off",
  };
}

export async function startCliService(env: Record<string, string> = {}): Promise<CliService> {
  const dir = mkdtempSync(join(tmpdir(), "svc-cli-"));
  const log: string[] = [];
  const service = await startService(
    { ...testServiceEnv(dir, SECRET), ...env },
    { info: (line) => log.push(line), error: (line) => log.push(line) },
    "0.0.0-test",
  );
  const token = (role: Role, sub = "cli-test") => mintToken(new TextEncoder().encode(SECRET), { sub, role, ttlSeconds: 3600 }, Date.now());
  return {
    url: service.url,
    dir,
    service,
    token,
    env: async (role) => ({ SVC_BASE_URL: service.url, ...(role === null ? {} : { SVC_ACCESS_TOKEN: await token(role) }) }),
    stop: async () => {
      await service.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface CliRun {
  code: number | null;
  out: string;
  err: string;
}

export interface CliRunOptions {
  /** Added to a minimal environment (PATH, HOME); SVC_* of this process are not passed on. */
  env?: Record<string, string>;
  /** Written to stdin, which is then closed (closed at once when absent). */
  input?: string;
  cwd?: string;
  timeoutMs?: number;
}

/** Runs `node dist/cli/svc.js ...argv` and collects its output; killed after timeoutMs (default 20 s). */
export function runCli(argv: string[], options: CliRunOptions = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fromRoot("dist/cli/svc.js"), ...argv], {
      cwd: options.cwd ?? projectRoot,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...options.env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.setEncoding("utf8").on("data", (t: string) => (out += t));
    child.stderr.setEncoding("utf8").on("data", (t: string) => (err += t));
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 20_000);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, out, err });
    });
    child.stdin.on("error", () => undefined);
    child.stdin.end(options.input ?? "");
  });
}

/** A loopback port nothing listens on (bound, then closed), for "the service cannot be reached". */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
