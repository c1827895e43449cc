// The package's public entry: the one compile function and the expression language.
export { compileFlow, type CompileFlowResult } from "./compiler/front-ends/flow-json/index.js";
