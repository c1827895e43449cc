// Task discovery: the commissioned tasks of a pack as the entries of GET
// /api/v1/data-processing/tasks. May import generated/, compiler/contracts and
// runtime/processing/binding (types); pure: values in, values out.
export { toDiscoveryEntry } from "./to-discovery-entry.js";
export { listDiscoveryEntries } from "./list-discovery-entries.js";
