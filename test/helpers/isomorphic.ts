// Topologies compared up to node ids: the compiler's canonical form (sync uses it too).
export { canonicalTopology, isIsomorphic } from "../../compiler/topology/canonical-topology.js";
