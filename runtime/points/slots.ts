// Slot numbers of points on their channels, one numbering per (channel, point type). A point
// without an explicit slot takes the lowest number not yet taken, in file order, so a derived
// slot never collides with an explicit one; two equal explicit slots are check-site's business.
import type { SiteModel } from "../../generated/types.js";

/** The slot of every point, by instance position and point position in the site. */
export function assignSlots(site: SiteModel): number[][] {
  const taken = new Map<string, Set<number>>();
  const next = new Map<string, number>();
  const used = (key: string): Set<number> => {
    let slots = taken.get(key);
    if (slots === undefined) taken.set(key, (slots = new Set()));
    return slots;
  };
  for (const instance of site.instances) {
    for (const point of instance.points) if (point.slot !== undefined) used(numbering(instance.channel, point.type)).add(point.slot);
  }
  return site.instances.map((instance) =>
    instance.points.map((point) => {
      if (point.slot !== undefined) return point.slot;
      const key = numbering(instance.channel, point.type);
      const slots = used(key);
      let slot = next.get(key) ?? 0;
      while (slots.has(slot)) slot++;
      slots.add(slot);
      next.set(key, slot + 1);
      return slot;
    }),
  );
}

function numbering(channel: string, type: string): string {
  return `${type}\u0000${channel}`;
}
