// Pack checks of the data-processing files: tasks, bindings and routes of one pack against each
// other and the pack's site model. May import generated/ and compiler/contracts; pure.
export { checkPack } from "./check-pack.js";
export type { Located, PackDiagnostic, PackEntry, PackInput, PackSite } from "./pack-input.js";
