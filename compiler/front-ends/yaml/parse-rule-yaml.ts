// parseRuleYaml: YAML rule file text to the rule AST (the one the DSL parser produces), plus the
// rules written as raw editor documents. Phases: YAML syntax, the schema, then the AST with
// its expressions; each phase reports every problem it finds, and runs only on a sound input.
import { isSeq, type Node } from "yaml";
import type { Diagnostic } from "../../../generated/types.js";
import type { RuleDecl, RuleFile } from "../../../grammar/rule/ast.js";
import { toRule } from "./build-rule.js";
import { checkSchema } from "./check-schema.js";
import { readYaml } from "./read-yaml.js";
import { valueOf, type YAMLMap } from "./yaml-nodes.js";

/** A rule of the file: written with `steps` (rule AST), or as a raw editor document. */
export type YamlRuleEntry =
  | { kind: "steps"; index: number; decl: RuleDecl }
  | {
      kind: "flow";
      index: number;
      /** Name and settings; no items. */
      decl: RuleDecl;
      /** The editor document, as read from the YAML. */
      flow: unknown;
      /** JSON Pointer of the document in the YAML file: `/rules/<index>/flow`. */
      path: string;
    };

export interface ParseRuleYamlResult {
  /** The rules written with `steps`; as in the DSL, rules with errors are left out. */
  file: RuleFile;
  /** Every rule without errors, in file order, `steps` and `flow` rules alike. */
  rules: YamlRuleEntry[];
  /** Every problem found, in file order, each with a span in the YAML text. */
  diagnostics: Diagnostic[];
}

export function parseRuleYaml(text: string): ParseRuleYamlResult {
  const { src, doc } = readYaml(text);
  const value = doc === undefined ? undefined : checkSchema(src, doc);
  const rules: YamlRuleEntry[] = [];
  const seq = doc === undefined ? undefined : valueOf<Node>(doc.contents, "rules");
  if (value !== undefined && isSeq(seq)) {
    seq.items.forEach((item, index) => {
      const before = src.diagnostics.length;
      const path = `/rules/${index}`;
      const { decl, flow } = toRule(src, item as YAMLMap, path);
      if (src.diagnostics.length > before) return;
      rules.push(flow ? { kind: "flow", index, decl, flow: value.rules[index]!.flow, path: `${path}/flow` } : { kind: "steps", index, decl });
    });
  }
  const diagnostics = src.diagnostics.sort((a, b) => a.span!.start.offset - b.span!.start.offset);
  const decls = rules.flatMap((r) => (r.kind === "steps" ? [r.decl] : []));
  return { file: { rules: decls, comments: [] }, rules, diagnostics };
}
