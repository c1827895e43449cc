// The decompiler and the DSL printer: rule ASTs to canonical DSL text (`svc fmt`), and stored
// topologies back to rule ASTs and text. Pure: may import grammar/, generated/ and compiler/.
export { decompileToAst, decompileRule, type DecompileOptions } from "./decompile.js";
export { decompileFlow, type DecompileResult } from "./decompile-flow.js";
export { formatDuration } from "./format-duration.js";
export { printRule, printRuleFile } from "./print-rule.js";
