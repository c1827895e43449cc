// The audit store on every database of test/store/backends.ts (PostgreSQL when SVC_TEST_PG_URL is set).
import { databaseBackends } from "../store/backends.js";
import { describeAuditStore } from "./describe-audit-store.js";

for (const [name, backend] of databaseBackends()) describeAuditStore(name, backend);
