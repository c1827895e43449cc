// The entries the tasks route lists: one per enabled commissioned binding, in the pack's binding
// order. A disabled binding cannot run (a request for it is refused BINDING_DISABLED), so it is
// not offered to clients. Pure.
import type { TaskDiscoveryEntry } from "../../../generated/types.js";
import type { CommissionedPack } from "../binding/index.js";
import { toDiscoveryEntry } from "./to-discovery-entry.js";

export function listDiscoveryEntries(pack: CommissionedPack): TaskDiscoveryEntry[] {
  return pack.commissioned.filter((c) => c.binding.enabled).map(toDiscoveryEntry);
}
