// The HTTP suites run on SQLite always and on PostgreSQL when SVC_TEST_PG_URL names a server,
// like the store suite (test/store/store.test.ts): no skipped tests on a machine without one.
import { postgresSchemas, sqliteFiles } from "../store/backends.js";
import type { Store } from "../../runtime/store/store.js";

export interface HttpBackend {
  name: string;
  open(key: string): Promise<Store>;
  cleanup(): Promise<void>;
}

export function httpBackends(): HttpBackend[] {
  const backends: HttpBackend[] = [{ name: "SQLite", ...sqliteFiles() }];
  const pgUrl = process.env.SVC_TEST_PG_URL;
  if (pgUrl) backends.push({ name: "PostgreSQL", ...postgresSchemas(pgUrl) });
  return backends;
}
