// Task discovery: the commissioned tasks of a pack as the entries of GET
// /api/v1/data-processing/tasks, with the artifact each route's processor advertises. May import
// generated/, compiler/contracts and runtime/processing/binding (types); pure: values in, values
// out (the clock is passed in).
export { toDiscoveryEntry } from "./to-discovery-entry.js";
export { listDiscoveryEntries } from "./list-discovery-entries.js";
export { entryArtifact } from "./entry-artifact.js";
export { createProcessorDescriptors, DESCRIPTOR_FRESH_MS, DESCRIPTOR_RETRY_MS, type DescriptorCheck, type ProcessorDescriptors } from "./processor-descriptors.js";
