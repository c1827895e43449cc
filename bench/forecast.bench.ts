// `npm run bench -- forecast`: forecast accuracy, not speed. On the demo site's simulated history
// (the simulation and seeding `npm start` uses, fixed window, the points' fixed seeds), for each
// demo task: a forecast of the task's horizon at its cadence from every as_of across 5 held-out
// days that follow the task's 7-day history window, by the reference processor's model, plain
// seasonal-naive and persistence, all on the same windows in this one run. Reported: the mean
// absolute error per held-out day and over all of them; the target is the model's MAE at most
// seasonal-naive's. Also the share of actuals below the model's 0.1 and 0.9 quantiles. A few seconds.
import { demoTargets } from "./forecast/demo-history.js";
import { METHODS, rollingAccuracy, type DayAccuracy, type Method } from "./forecast/rolling-accuracy.js";

const HELD_OUT_DAYS = 5;
/** The end of the simulated window: fixed, so every run scores the same values. */
const END = Date.UTC(2026, 2, 16);

export async function benchForecast(): Promise<void> {
  const probe = await demoTargets(END, 1);
  const steps = Math.max(...probe.map(({ task }) => task.frame.history_steps + ((HELD_OUT_DAYS * 86_400) / task.frame.cadence_seconds - 1) + task.frame.horizon_steps));
  const targets = await demoTargets(END, steps);
  console.log(`\nforecast: mean absolute error on ${HELD_OUT_DAYS} held-out days of the demo site's simulated history (seedDemoHistory, 1-minute samples, window ending ${new Date(END).toISOString()})`);
  for (const { task, cells } of targets) {
    const cadenceMs = task.frame.cadence_seconds * 1000;
    const n = cells.length;
    const used = cells.slice(n - (task.frame.history_steps + (HELD_OUT_DAYS * 86_400_000) / cadenceMs - 1 + task.frame.horizon_steps));
    const days = rollingAccuracy({
      cells: used,
      cadenceSeconds: task.frame.cadence_seconds,
      historySteps: task.frame.history_steps,
      horizonSteps: task.frame.horizon_steps,
      heldOutDays: HELD_OUT_DAYS,
      firstLabel: END - (used.length - 1) * cadenceMs,
    });
    const unit = task.output.unit;
    console.log(
      `  ${task.id} r${task.revision} (${task.target.name}, ${unit}): ${task.frame.history_steps}-step history, ${task.frame.horizon_steps}-step horizon, ` +
        `as_of every ${task.frame.cadence_seconds / 60} min (${days[0]!.forecasts} forecasts, ${days[0]!.steps} scored steps per day)`,
    );
    console.log(`    ${"held-out day".padEnd(14)}${METHODS.map((m) => m.padStart(17)).join("")}   below q0.1  below q0.9`);
    days.forEach((d, i) => console.log(`    ${String(i + 1).padEnd(14)}${row(d.mae, unit)}   ${pct(d.below.q10)}  ${pct(d.below.q90)}`));
    const mean = meanOf(days);
    console.log(`    ${"mean".padEnd(14)}${row(mean.mae, unit)}   ${pct(mean.below.q10)}  ${pct(mean.below.q90)}`);
    const ratio = mean.mae["reference model"] / mean.mae["seasonal-naive"];
    const verdict = ratio <= 1 ? "met" : "NOT met";
    console.log(`    model / seasonal-naive ${ratio.toFixed(3)}, model / persistence ${(mean.mae["reference model"] / mean.mae.persistence).toFixed(3)}; target (model <= seasonal-naive) ${verdict}`);
  }
}

function meanOf(days: readonly DayAccuracy[]): Pick<DayAccuracy, "mae" | "below"> {
  const avg = (f: (d: DayAccuracy) => number): number => days.reduce((s, d) => s + f(d), 0) / days.length;
  return {
    mae: Object.fromEntries(METHODS.map((m) => [m, avg((d) => d.mae[m])])) as Record<Method, number>,
    below: { q10: avg((d) => d.below.q10), q90: avg((d) => d.below.q90) },
  };
}

function row(mae: Record<Method, number>, unit: string): string {
  return METHODS.map((m) => `${mae[m].toFixed(3)} ${unit}`.padStart(17)).join("");
}

function pct(share: number): string {
  return `${(share * 100).toFixed(1)} %`.padStart(10);
}
