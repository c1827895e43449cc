// Random sites for the decompiler's round trip with names (issue 17.2): every point a topology or
// its trigger uses is declared (so the site checks find nothing), under a random way of naming its
// instance: a key, a unique name, a name two instances share (numbers only), or a reserved word
// (numbers only). Units are empty and ranges unbounded: names are what is being tested.
import fc from "fast-check";
import { indexSite, type SiteIndex } from "../../../compiler/site/site-index.js";
import type { NodesTopology, PointRef, SiteInstance, SitePoint, TriggerConfig } from "../../../generated/types.js";
import type { Draw } from "../../helpers/expression-arbitraries.js";

/** Every point a topology reads, writes or watches. */
export function pointsUsed(topology: NodesTopology, trigger: TriggerConfig | null): PointRef[] {
  const refs: PointRef[] = trigger?.type === "on_change" ? [...trigger.point_refs] : [];
  for (const node of Object.values(topology.nodes)) {
    if (node?.type === "input") refs.push(...node.variables);
    else if (node?.type === "change") refs.push(...node.writes);
    else if (node?.type === "period_delta") refs.push(node);
  }
  return refs.map(({ instance, point_type, point }) => ({ instance, point_type, point }));
}

export function drawSite(g: Draw, refs: PointRef[]): SiteIndex {
  const byInstance = new Map<number, Map<string, SitePoint>>();
  for (const ref of refs) {
    const points = byInstance.get(ref.instance) ?? new Map<string, SitePoint>();
    const name = g(fc.nat, { max: 20 }) === 0 ? "not" : `${ref.point_type === "action" ? "a" : "m"}${ref.point}`;
    const key = `${ref.point_type} ${ref.point}`;
    const taken = [...points.values()].some((p) => p.name === name);
    if (!points.has(key)) points.set(key, { type: ref.point_type, point: ref.point, name: taken ? `${name}_${ref.point_type}` : name, unit: "" } as SitePoint);
    byInstance.set(ref.instance, points);
  }
  const instances: SiteInstance[] = [...byInstance].map(([id, points]) => {
    const style = g(fc.constantFrom, "key", "key", "name", "shared", "reserved");
    const instance: SiteInstance = { id, name: style === "shared" ? "Twin" : `Unit ${id}`, model: "m", channel: "c", points: [...points.values()] };
    if (style === "key") instance.key = `u${id}`;
    if (style === "reserved") instance.key = "and";
    return instance;
  });
  return indexSite({ channels: [{ id: "c", protocol: "virtual" }], instances });
}
