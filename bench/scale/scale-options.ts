// What `npm run bench -- scale` measures, from the environment (all optional):
//   SCALE_SIZES=0,1000,10000   stored enabled rules per run
//   SCALE_SECONDS=30           the sustained window
//   SCALE_PUT_SECONDS=4        PUT load after a 1 s warm-up
//   SCALE_STORES=sqlite,postgres   which stores (PostgreSQL only when its server answers)
//   SCALE_PG_URL               the server (default SVC_TEST_PG_URL, else postgres://postgres@127.0.0.1:5432/postgres)
//   SCALE_CPU_PROF=<dir>       run the served process with --cpu-prof into <dir> (profiling only)
//   SCALE_SVC=<path>           the svc.js to serve (default this build's): another build's, to compare

export interface ScaleOptions {
  sizes: number[];
  sustainedSeconds: number;
  putSeconds: number;
  stores: ("sqlite" | "postgres")[];
  pgUrl: string;
  cpuProfileDir: string | undefined;
  svcPath: string | undefined;
}

export function readScaleOptions(env: Record<string, string | undefined>): ScaleOptions {
  const list = (name: string, fallback: string): string[] =>
    (env[name] || fallback)
      .split(",")
      .map((s) => s.trim())
      .filter((s) => s !== "");
  const sizes = list("SCALE_SIZES", "0,1000,10000").map((s) => {
    const n = Number(s);
    if (!Number.isInteger(n) || n < 0) throw new Error(`SCALE_SIZES: '${s}' is not a whole number of rules`);
    return n;
  });
  const stores = list("SCALE_STORES", "sqlite,postgres").map((s) => {
    if (s !== "sqlite" && s !== "postgres") throw new Error(`SCALE_STORES: '${s}' is neither sqlite nor postgres`);
    return s;
  });
  const seconds = (name: string, fallback: number): number => {
    const n = Number(env[name] || fallback);
    if (!(n > 0 && n <= 600)) throw new Error(`${name}: '${env[name]}' is not a number of seconds from 0 to 600`);
    return n;
  };
  return {
    sizes,
    sustainedSeconds: seconds("SCALE_SECONDS", 30),
    putSeconds: seconds("SCALE_PUT_SECONDS", 4),
    stores,
    pgUrl: env.SCALE_PG_URL || env.SVC_TEST_PG_URL || "postgres://postgres@127.0.0.1:5432/postgres",
    cpuProfileDir: env.SCALE_CPU_PROF || undefined,
    svcPath: env.SCALE_SVC || undefined,
  };
}
