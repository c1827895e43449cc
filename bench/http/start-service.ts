// The service under test, composed as runtime/main.ts composes it: a SQLite file store, the rule
// engine on real time, the Koa app with the real JWT verifier, the docs and the live-history
// WebSocket, on an ephemeral loopback port. Only the site differs: BENCH_SITE below.
import { mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SiteModel } from "../../generated/types.js";
import { createAuthenticator } from "../../runtime/auth/authenticator.js";
import { readAuthConfig } from "../../runtime/auth/auth-config.js";
import { createConfiguredBearer } from "../../runtime/auth/configured-bearer.js";
import { createJwtVerifier } from "../../runtime/auth/jwt-verifier.js";
import { mintToken } from "../../runtime/auth/mint-token.js";
import { realTickTimer, systemClock } from "../../runtime/engine/scheduler/index.js";
import { createHttpServer } from "../../runtime/http/create-http-server.js";
import { createRuleEngine } from "../../runtime/rules/create-rule-engine.js";
import { openStore } from "../../runtime/store/open-store.js";

const SECRET = "an-http-benchmark-secret-of-more-than-32-bytes";

export interface ServiceUnderTest {
  url: string;
  /** An Engineer's token, valid for an hour. */
  token: string;
  /** 500s the app reported; a run with any is not a valid measurement. */
  internalErrors: unknown[];
  close(): Promise<void>;
}

/** Declares every point bench/fixtures/flow-of-size.ts reads (instance 12) and writes (instance 7). */
export const BENCH_SITE: SiteModel = {
  channels: [{ id: "virtual-1", protocol: "virtual" }],
  instances: [
    {
      id: 12,
      name: "Zone controller",
      model: "zone-controller",
      channel: "virtual-1",
      points: [
        { type: "measurement", point: 1, name: "zone_temp", unit: "degC", min: -50, max: 100 },
        { type: "measurement", point: 2, name: "supply_temp", unit: "degC", min: -50, max: 100 },
        { type: "measurement", point: 3, name: "occupied", unit: "", min: 0, max: 1 },
        { type: "measurement", point: 4, name: "co2", unit: "ppm", min: 0, max: 5000 },
      ],
    },
    {
      id: 7,
      name: "Fan coil",
      model: "fan-coil-unit",
      channel: "virtual-1",
      points: [{ type: "action", point: 1, name: "fan_speed", unit: "", min: 0, max: 3 }],
    },
  ],
};

export async function startServiceUnderTest(): Promise<ServiceUnderTest> {
  const dir = await mkdtemp(join(tmpdir(), "svc-bench-http-"));
  const store = await openStore(`sqlite:${join(dir, "bench.sqlite")}`);
  const engine = createRuleEngine({ site: BENCH_SITE, store, clock: systemClock, timer: realTickTimer, logDir: join(dir, "logs") });
  const auth = createAuthenticator({
    verifier: createJwtVerifier(readAuthConfig({ SVC_JWT_SECRET: SECRET }), systemClock),
    bearer: createConfiguredBearer({}),
  });
  const internalErrors: unknown[] = [];
  const { server, live } = createHttpServer({
    service: engine.service,
    runtime: engine.runtime,
    site: engine.site,
    store,
    auth,
    clock: systemClock,
    info: { name: "svc", version: "bench" },
    onInternalError: (error) => internalErrors.push(error),
  });
  await engine.start();
  await listen(server);
  const token = await mintToken(new TextEncoder().encode(SECRET), { sub: "bench", role: "Engineer", ttlSeconds: 3600 }, systemClock.now());
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    token,
    internalErrors,
    async close() {
      await live.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await engine.stop();
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function listen(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
}
