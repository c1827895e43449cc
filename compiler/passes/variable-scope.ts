// The variables at a point of the flow, for check-variables.ts, without copying them from node to
// node (issue 19.5: a copy of every scope at every defining node made variable checking quadratic
// and an eighth of compiling). A node's own definitions are a layer over the scope it starts from
// (a LayeredMap, the same mechanism the site value check uses). Scopes that meet at a join share
// their older layers: only the newer ones need comparing.
import type { ValueType } from "../expression/value-type.js";
import type { LayeredMap } from "./layered-map.js";

export interface Definition {
  /** null when the definition had an error: uses stay silent rather than cascading. */
  type: ValueType | null;
  /** The node that defines the variable. */
  by: string;
}

/** Definitions by name; a layer shared with other nodes is never written, only its owner's. */
export type Definitions = LayeredMap<Definition>;
