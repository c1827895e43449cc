// Front end for editor documents (flow_json): compileFlow and its result type.
export { compileFlow, type CompileFlowResult, type CompileOptions } from "./compile-flow.js";
