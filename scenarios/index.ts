// svc test's core (issue 18): scenario files parsed and resolved against a pack, run through the
// service's scheduler and executor on a virtual clock, and checked. Pure: may import generated/,
// grammar/, compiler/ and the runtime's pure parts (engine, points, rules); files are read in cli/.
export type * from "./scenario-model.js";
export { parseScenarioFile, DEFAULT_START, DEFAULT_TICK_MS, DEFAULT_TAIL_MS } from "./parse-scenario-file.js";
export { runScenario, recordScenario, type ScenarioPack, type RunScenarioOptions, type ScenarioTimeline } from "./run-scenario.js";
export { checkExpectations, type CheckPack, type Timeline } from "./check-expectations.js";
export { scenarioSite, resolvePoint, type ScenarioSite } from "./resolve-point.js";
export { describeOutcome, describeWrite, describeSuppression, describeCause, formatValue, outcomeOf, outputsTaken } from "./describe.js";
export { formatDuration, formatOffset, formatWindow, parseDuration, parseTime } from "./scenario-time.js";
