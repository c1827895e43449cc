// The store suite on every database of test/store/backends.ts.
import { databaseBackends } from "./backends.js";
import { describeStore } from "./describe-store.js";

for (const [name, backend] of databaseBackends()) describeStore(name, backend);
