// Data processing composed for `svc serve`: the pack loaded and commissioned, demo data seeded,
// the embedded reference processor started (through a starter passed in) and the routes that
// point at it following its actual port. May import generated/, compiler/, runtime/points,
// runtime/processing and type-only runtime/store and runtime/processor/start-processor; no I/O
// of its own (runtime/main.ts reads the files and the environment and passes the starter).
export { composeProcessing, PROCESSOR_TOKEN_ENV, type ComposeProcessingOptions, type ProcessingHandle, type ProcessingLog } from "./compose-processing.js";
export { DEFAULT_PROCESSOR_PORT, EMBEDDED_PROCESSOR_ID, routeTarget, withEndpoint, type RouteTarget } from "./embedded-routes.js";
export { diagnosticLine, diagnosticLines } from "./pack-log.js";
export { seedDemoData, type DemoSeed } from "./seed-demo-data.js";
export { DEMO_HISTORY_SPAN_MS, DEMO_HISTORY_STEP_MS, seedDemoHistory, type DemoHistoryOptions, type DemoHistorySeed, type HistorySeeder } from "./seed-demo-history.js";
