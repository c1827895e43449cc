// Looking up a binding's commissioned point in the site model: instance id, measurement, number.
import type { SiteInstance, SiteMeasurementPoint, SiteModel } from "../../../generated/types.js";
import { pointer } from "../contract-report.js";

export interface ResolvedPoint {
  instance: SiteInstance;
  point: SiteMeasurementPoint;
  /** The point's JSON Pointer in site.yaml. */
  path: string;
}

export type Resolution = { ok: true; resolved: ResolvedPoint } | { ok: false; problem: "instance" | "point"; instance?: SiteInstance };

export function resolvePoint(site: SiteModel, instanceId: number, number: number): Resolution {
  const i = site.instances.findIndex((instance) => instance.id === instanceId);
  if (i < 0) return { ok: false, problem: "instance" };
  const instance = site.instances[i]!;
  const j = instance.points.findIndex((p) => p.type === "measurement" && p.point === number);
  if (j < 0) return { ok: false, problem: "point", instance };
  return { ok: true, resolved: { instance, point: instance.points[j] as SiteMeasurementPoint, path: pointer("instances", i, "points", j) } };
}

/** `10 imported_energy (kWh), 11 active_power (kW)`: the measurements of an instance, for messages. */
export function listMeasurements(instance: SiteInstance): string {
  const measurements = instance.points.filter((p) => p.type === "measurement").map((p) => `${p.point} ${p.name} (${p.unit === "" ? "no unit" : p.unit})`);
  return measurements.length === 0 ? "none" : measurements.join(", ");
}
