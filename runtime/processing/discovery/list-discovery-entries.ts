// The entries the tasks route lists: one per enabled commissioned binding, in the pack's binding
// order. A disabled binding cannot run (a request for it is refused BINDING_DISABLED), so it is
// not offered to clients. `descriptors`: what each route's processor advertises, by route id,
// when known (it names the artifact). Pure.
import type { ForecastProcessorContract, TaskDiscoveryEntry } from "../../../generated/types.js";
import type { CommissionedPack } from "../binding/index.js";
import { toDiscoveryEntry } from "./to-discovery-entry.js";

export function listDiscoveryEntries(pack: CommissionedPack, descriptors: ReadonlyMap<string, ForecastProcessorContract> = new Map()): TaskDiscoveryEntry[] {
  return pack.commissioned.filter((c) => c.binding.enabled).map((c) => toDiscoveryEntry(c, descriptors.get(c.route.id)));
}
