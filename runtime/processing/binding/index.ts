// Binding resolution at runtime: a pack's task, binding and route texts and its site model to the
// commissioned tasks that frames are assembled for; fails closed per binding. Reuses the pack
// checks of compiler/contracts/pack. May import generated/, compiler/ and runtime/points (pure);
// pure: file reading belongs to runtime/main.ts.
export type { CommissionedBinding, CommissionedFeature, CommissionedSource, CommissionedTask } from "./commissioned-task.js";
export { commissionPack, findCommissioned, type CommissionedPack, type RefusedBinding } from "./commission-pack.js";
export { loadProcessingPack, type LoadedPack, type PackSiteSource, type PackText } from "./load-processing-pack.js";
export { resolveBinding, type BindingResolution } from "./resolve-binding.js";
