// The compiler: front ends (editor flow_json, rule DSL, YAML rule files) to flow_json and
// nodes_json, the decompiler and DSL printer, the expression checker, printer and JavaScript
// emitter, and codegen for generated/.
// May import grammar/ and generated/ only; pure (no I/O, clock or environment).
export { compileFlow, type CompileFlowResult, type CompileOptions } from "./front-ends/flow-json/index.js";
export { indexSite, refKey, refText, type SiteIndex, type SitePointEntry, type SiteRef } from "./site/site-index.js";
export { pointUsage, sharedWrites, type PointUsage, type PointUse, type UsageRule } from "./site/point-usage.js";
export { checkExpression, scopeOf, type CheckResult, type ExpressionScope } from "./expression/check.js";
export { compileExpression, emitJs, type CompiledExpression, type EmitContext } from "./expression/emit-js.js";
export { printExpression } from "./expression/print.js";
export { BUILTIN_FUNCTIONS, RESERVED_NAMES } from "./expression/functions.js";
export type { Value, ValueType } from "./expression/value-type.js";
export { compileRuleSource, compileRuleAst, type RuleCompileOptions, type RuleFileResult } from "./front-ends/dsl/index.js";
export { compileRuleYaml } from "./front-ends/yaml/index.js";
export { checkSelfTrigger, SELF_TRIGGER } from "./passes/check-self-trigger.js";
export { inRule, isTriggerDiagnostic, TRIGGER_CONFIG_PATH } from "./front-ends/flow-json/rule-paths.js";
export type { CompiledRule, RuleMetadata } from "./lower/compiled-rule.js";
export * from "./decompiler/index.js";
