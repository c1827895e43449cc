// The real service as an operator runs it: `node dist/cli/svc.js serve` in a child process, on
// the database and var folder of one run, on a free port (PORT=0; the URL is read from the
// "serving" line). Start-up is timed from spawn to that line, which the service prints once it
// listens. The child is always ended: by stop(), by the benchmark's exit, or after a bound.
import { spawn, type ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { DEMO_PACK } from "./demo-shape.js";

const SVC = fileURLToPath(new URL("../../cli/svc.js", import.meta.url));
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

export interface ServedService {
  url: string;
  pid: number;
  /** Spawn to the "serving" line, in seconds. */
  startupSeconds: number;
  /** Epoch milliseconds at which the service said it was serving. */
  listeningAt: number;
  /** stderr lines (warnings, internal errors), the first 200. */
  errors: string[];
  /** Resident set size now, and its peak so far, in bytes (Linux /proc). */
  memory(): Promise<{ rss: number; peak: number } | undefined>;
  /** CPU time (user + system) the process has used so far, in milliseconds (Linux /proc). */
  cpuMs(): Promise<number>;
  /** SIGTERM (graceful), then SIGKILL after a bound; resolves once the process is gone. */
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
// Whatever happens to the benchmark, no service outlives it.
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    for (const child of running) child.kill("SIGKILL");
    process.exit(130);
  });
}

export interface ServeSettings {
  dbUrl: string;
  varDir: string;
  jwtSecret: string;
  /** Adds --cpu-prof: the profile is written into this folder when the service exits gracefully. */
  cpuProfileDir?: string | undefined;
  /** Another build's dist/cli/svc.js (default this build's). */
  svcPath?: string | undefined;
}

export async function serve(settings: ServeSettings): Promise<ServedService> {
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: "0",
    HOST: "127.0.0.1",
    SVC_DB_URL: settings.dbUrl,
    SVC_VAR_DIR: settings.varDir,
    SVC_PACK: DEMO_PACK,
    SVC_JWT_SECRET: settings.jwtSecret,
    // No forecast tasks, no embedded processor, no demo history: only rules, history and the API.
    SVC_DATA_PROCESSING: "off",
    SVC_DEMO_DATA: "off",
  };
  const args = [...(settings.cpuProfileDir !== undefined ? ["--cpu-prof", "--cpu-prof-dir", settings.cpuProfileDir] : []), settings.svcPath ?? SVC, "serve"];
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  running.add(child);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  void exited.then(() => running.delete(child));
  const errors: string[] = [];
  child.stderr!.setEncoding("utf8");
  child.stderr!.on("data", (text: string) => {
    for (const line of text.split("\n")) if (line !== "" && errors.length < 200) errors.push(line);
  });

  const stop = async (): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const killer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(killer);
  };

  let url: string;
  try {
    url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`svc serve did not say it was serving within ${START_TIMEOUT_MS / 1000} s; stderr: ${errors.slice(0, 5).join(" | ")}`)), START_TIMEOUT_MS);
      let buffered: string | undefined = "";
      child.stdout!.setEncoding("utf8");
      child.stdout!.on("data", (text: string) => {
        if (buffered === undefined) return; // found: later lines are not kept
        buffered += text;
        const match = /serving (http:\/\/\S+)/.exec(buffered);
        if (match !== null) {
          buffered = undefined;
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
      void exited.then(() => {
        clearTimeout(timer);
        reject(new Error(`svc serve exited before serving (code ${child.exitCode}); stderr: ${errors.slice(0, 5).join(" | ")}`));
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }
  const listeningAt = Date.now();
  const startupSeconds = (performance.now() - spawnedAt) / 1000;
  return {
    url,
    pid: child.pid!,
    startupSeconds,
    listeningAt,
    errors,
    async memory() {
      const status = await readFile(`/proc/${child.pid}/status`, "utf8").catch(() => undefined);
      if (status === undefined) return undefined;
      const kb = (field: string): number => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN) * 1024;
      return { rss: kb("VmRSS"), peak: kb("VmHWM") };
    },
    async cpuMs() {
      const stat = await readFile(`/proc/${child.pid}/stat`, "utf8").catch(() => undefined);
      // Fields after the parenthesised command name: utime and stime are the 12th and 13th, in ticks of 10 ms.
      const fields = stat?.slice(stat.lastIndexOf(")") + 2).split(" ");
      return fields === undefined ? NaN : (Number(fields[11]) + Number(fields[12])) * 10;
    },
    stop,
  };
}
