// `npm run bench -- <name...>`: runs the named benchmarks (all when none is named).
import { benchCompile } from "./compile.bench.js";
import { benchContracts } from "./contracts.bench.js";
import { benchDsl } from "./dsl.bench.js";
import { benchEngine } from "./engine.bench.js";
import { benchForecast } from "./forecast.bench.js";
import { benchHistory } from "./history.bench.js";
import { benchHistoryCpu } from "./history-cpu.bench.js";
import { benchHttp } from "./http.bench.js";
import { benchProcessing } from "./processing.bench.js";
import { benchReload } from "./reload.bench.js";
import { benchRuleCost } from "./rule-cost.bench.js";
import { benchScale } from "./scale.bench.js";
import { benchStatus } from "./status.bench.js";
import { benchSync } from "./sync.bench.js";
import { benchTest } from "./test.bench.js";

const BENCHMARKS: Record<string, () => void | Promise<void>> = {
  compile: benchCompile,
  contracts: benchContracts,
  dsl: benchDsl,
  engine: benchEngine,
  forecast: benchForecast,
  history: benchHistory,
  "history-cpu": benchHistoryCpu,
  http: benchHttp,
  processing: benchProcessing,
  reload: benchReload,
  "rule-cost": benchRuleCost,
  scale: benchScale,
  status: benchStatus,
  sync: benchSync,
  test: benchTest,
};

const names = process.argv.slice(2);
const unknown = names.filter((n) => !(n in BENCHMARKS));
if (unknown.length > 0) {
  console.error(`unknown benchmark: ${unknown.join(", ")}; available: ${Object.keys(BENCHMARKS).join(", ")}`);
  process.exitCode = 2;
} else {
  console.log(`node ${process.version}, ${process.platform}/${process.arch}`);
  for (const name of names.length > 0 ? names : Object.keys(BENCHMARKS)) await BENCHMARKS[name]!();
}
