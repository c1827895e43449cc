// Types shared by the executor's compiled form.
export type { PointType } from "../../generated/types.js";
export type { Value } from "../../compiler/index.js";
