// What the benchmark learns from rule_history while the service runs, through its own
// connection: how many rows there are, how long the service's executions take to appear there
// (history lag), and how the first executions after start fall into 100 ms ticks (first-tick
// burst). The store writes started_at as RFC 3339 text (SQLite) or timestamptz (PostgreSQL);
// epoch milliseconds are read too.
import type { Knex } from "knex";
import type { ApiCaller } from "./scale-api.js";
import { schedulerCounters } from "./scale-api.js";

export async function historyRows(reader: Knex): Promise<number> {
  const [row] = await reader("rule_history").count({ n: "*" });
  return Number(row?.n ?? 0);
}

/**
 * Seconds from the moment the service reported E executions to the moment rule_history holds
 * E rows (every execution of this benchmark is a seeded rule's, and each makes one row);
 * Infinity when that does not happen within `timeoutMs`.
 */
export async function historyLag(api: ApiCaller, reader: Knex, timeoutMs: number): Promise<number> {
  const { executions } = await schedulerCounters(api);
  const asked = performance.now();
  while (performance.now() - asked < timeoutMs) {
    if ((await historyRows(reader)) >= executions) return (performance.now() - asked) / 1000;
    await sleep(20);
  }
  return Infinity;
}

export interface Burst {
  /** Executions in the fullest 100 ms tick over the steady mean (rules x tick / interval), over the first `seconds`. */
  maxOverMean: number;
  maxPerTick: number;
  meanPerTick: number;
}

/**
 * The first executions after start, bucketed by started_at into 100 ms ticks. An execution starts
 * at its tick or a few ms after it (waiting for a slot), so each window runs from 50 ms before a
 * tick to 50 ms after it: windows cut at the tick itself would give one window two ticks' work
 * whenever the timer's jitter crosses the cut.
 */
export async function firstTickBurst(reader: Knex, expectedRows: number, nominalPerTick: number, seconds = 3): Promise<Burst | undefined> {
  const rows = (await reader("rule_history").select("started_at").orderBy("id").limit(Math.max(1000, expectedRows))) as { started_at: unknown }[];
  const times = rows.map((r) => epochMs(r.started_at)).filter((t) => Number.isFinite(t));
  if (times.length === 0) return undefined;
  const first = Math.min(...times.slice(0, 1000));
  const ticks = new Array<number>(seconds * 10).fill(0);
  for (const t of times) {
    const tick = Math.floor((t - first + 50) / 100);
    if (tick >= 0 && tick < ticks.length) ticks[tick]!++;
  }
  const maxPerTick = Math.max(...ticks);
  const meanPerTick = ticks.reduce((a, b) => a + b, 0) / ticks.length;
  // Against the steady mean (every rule once per interval): start-up hands the rules past the first
  // 200 to the scheduler over its first second or so, so the observed mean of the first 3 s is lower
  // than a steady tick, and a steady tick would read as a burst against it.
  return { maxOverMean: maxPerTick / nominalPerTick, maxPerTick, meanPerTick };
}

function epochMs(value: unknown): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === "number") return value;
  if (typeof value === "string") return /^\d+$/.test(value) ? Number(value) : Date.parse(value);
  return NaN;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
