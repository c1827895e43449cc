// The point plane: the site's catalog, the live table and the channels, as the engine sees them.
// Every update (simulation, read-back, an accepted write, setMeasurement) goes through one path:
// the live table, then a point-watch event when the point is subscribed, then history when the
// value is finite. read, write and setMeasurement by index allocate nothing on success (an event
// object is made only for a subscribed point).
import type { SiteModel } from "../../generated/types.js";
import type { ExecutionIo } from "../engine/execution-io.js";
import type { Clock, PointWatch } from "../engine/scheduler/types.js";
import type { CommandChannel } from "./channel.js";
import { createLiveTable, type LiveTable } from "./live-table.js";
import { createPointCatalog, type CatalogPoint, type SiteCatalog } from "./point-catalog.js";
import { createHistoryBuffer, type PointHistory } from "./point-history.js";
import type { PointEvent, PointRef } from "./point-table.js";
import { VirtualChannel } from "./virtual/virtual-channel.js";

/** Samples kept for history between two flushes, by default (a minute of 1,000 points at 1 Hz, with room). */
export const DEFAULT_HISTORY_LIMIT = 100_000;

export interface PointPlaneOptions {
  site: SiteModel;
  clock: Clock;
  /** The scheduler's bounded channel: offers an event, false when full (the scheduler counts drops). */
  onEvent?: (event: PointEvent) => boolean;
  /** Where finite values go on flushHistory; none: values are not kept. */
  history?: PointHistory;
  /** Most samples kept between two flushes; past it, new samples are dropped and counted. */
  historyLimit?: number;
}

export interface PointPlane extends PointWatch, Pick<ExecutionIo, "read" | "write"> {
  readonly catalog: SiteCatalog;
  readonly live: LiveTable;
  /** The channel with this id; undefined when the site declares none. */
  channel(id: string): VirtualChannel | undefined;
  /**
   * A new value of a measurement from the field (simulation, tests, an API). NaN or an infinite
   * value stores the point as unavailable. Throws for a point that is not a declared measurement.
   */
  setMeasurement(point: PointRef | number, value: number): void;
  /**
   * A value of an action point as the field shows it (a scenario's initial or timed value, the
   * state a device was left in): the live table, an event when subscribed, history — the path a
   * read-back takes, without a command through the channel. Throws for a point that is not a
   * declared action.
   */
  setActionValue(point: PointRef | number, value: number): void;
  /**
   * Hands the finite values since the last flush to history, oldest first. Rejects when history
   * does; those samples are not offered again (the next flush carries only newer ones).
   */
  flushHistory(): Promise<void>;
  /** Samples dropped because history was not flushed in time. */
  readonly droppedHistorySamples: number;
}

export function createPointPlane(options: PointPlaneOptions): PointPlane {
  const { site, clock, onEvent, history } = options;
  const catalog = createPointCatalog(site);
  const { points } = catalog;
  const live = createLiveTable(catalog);
  const buffer = createHistoryBuffer(
    points.map((p) => p.ref),
    options.historyLimit ?? DEFAULT_HISTORY_LIMIT,
  );
  const subscribed = new Uint8Array(catalog.size);

  const update = (index: number, value: number, at: number): void => {
    const stored = Number.isFinite(value) ? value : NaN;
    live.set(index, stored, at);
    if (subscribed[index] === 1) onEvent?.({ index, value: stored, at });
    if (history !== undefined && stored === stored) buffer.add(index, stored, at);
  };

  const channels = createChannels(site, points, update);
  // The write path sees a channel only as a driver (channel.ts); the virtual one is the only driver now.
  const routes: ReadonlyArray<CommandChannel | undefined> = points.map((p) => channels.get(p.channel));
  const start = clock.now();
  for (const point of points) if (!Number.isNaN(point.initial)) live.set(point.index, point.initial, start);

  return {
    catalog,
    live,
    channel: (id) => channels.get(id),
    setSubscriptions(bitmap) {
      subscribed.fill(0);
      subscribed.set(bitmap.length > subscribed.length ? bitmap.subarray(0, subscribed.length) : bitmap);
    },
    sample: () => live.values,
    read: (index) => live.get(index),
    write(index, value) {
      const point = points[index];
      if (point === undefined) return `no point has index ${index} in the site model`;
      if (point.ref.point_type !== "action") return `${point.text} is a measurement: only action points are written`;
      if (!Number.isFinite(value)) return `${value} is not a finite number; ${point.text} was not written`;
      const channel = routes[index];
      if (channel === undefined) return `instance ${point.ref.instance} is routed to channel '${point.channel}', which the site does not declare`;
      const at = clock.now();
      const refused = channel.submit(point.slot, value, at);
      if (refused !== null) return refused;
      update(index, value, at);
      return null;
    },
    setMeasurement(ref, value) {
      const point = typeof ref === "number" ? points[ref] : catalog.lookup(ref);
      if (point === undefined || point.ref.point_type !== "measurement") {
        throw new RangeError(`setMeasurement: ${typeof ref === "number" ? `index ${ref}` : JSON.stringify(ref)} is not a measurement of the site`);
      }
      update(point.index, value, clock.now());
    },
    setActionValue(ref, value) {
      const point = typeof ref === "number" ? points[ref] : catalog.lookup(ref);
      if (point === undefined || point.ref.point_type !== "action") {
        throw new RangeError(`setActionValue: ${typeof ref === "number" ? `index ${ref}` : JSON.stringify(ref)} is not an action of the site`);
      }
      update(point.index, value, clock.now());
    },
    async flushHistory() {
      const samples = buffer.take();
      if (history !== undefined && samples.length > 0) await history.append(samples);
    },
    get droppedHistorySamples() {
      return buffer.dropped;
    },
  };
}

// One channel per declared channel id (the first declaration wins), offering a command slot for
// each action routed to it; an accepted command updates the measurement the action reads back into.
function createChannels(site: SiteModel, points: readonly CatalogPoint[], update: (index: number, value: number, at: number) => void): Map<string, VirtualChannel> {
  const channels = new Map<string, VirtualChannel>();
  for (const { id } of site.channels) {
    if (channels.has(id)) continue;
    const actions = points.filter((p) => p.channel === id && p.ref.point_type === "action");
    const readBack = new Map(actions.filter((p) => p.readsBack >= 0).map((p) => [p.slot, p.readsBack]));
    const onApplied = (slot: number, value: number, at: number): void => {
      const index = readBack.get(slot);
      if (index !== undefined) update(index, value, at);
    };
    channels.set(id, new VirtualChannel({ id, slots: actions.map((p) => p.slot), onApplied }));
  }
  return channels;
}
