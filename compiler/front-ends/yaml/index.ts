// The YAML rule file front end: text in, the rule AST (shared with the DSL) or compiled rules
// out, with diagnostics in file coordinates. May import grammar/, generated/ and compiler/; pure.
export { compileRuleYaml } from "./compile-rule-yaml.js";
export { parseRuleYaml, type ParseRuleYamlResult, type YamlRuleEntry } from "./parse-rule-yaml.js";
