// The compiled rules of rule files as the point usage takes them (compiler/site/point-usage): one
// per rule of a DSL or YAML file, the rules `svc sync` would store. Editor documents (*.flow.json)
// are left out: they are drafts for the editor, with no name, priority or trigger of their own,
// and sync does not send them. Shared by the shared-write report of `svc compile` and `svc points`.
import type { UsageRule } from "../compiler/site/point-usage.js";
import type { CompiledOutput, FileResult } from "./source-files.js";

export interface FileRule extends UsageRule {
  /** The file the rule is in. */
  result: FileResult;
  output: CompiledOutput;
}

/** Every compiled rule of the DSL and YAML rule files among `results`, in file order. */
export function fileRules(results: readonly FileResult[]): FileRule[] {
  return results.flatMap((result) =>
    result.kind !== "dsl" && result.kind !== "yaml"
      ? []
      : result.outputs.flatMap(({ metadata, nodes_json }, i) =>
          metadata === undefined ? [] : [{ result, output: result.outputs[i]!, name: metadata.name, priority: metadata.priority, trigger_config: metadata.trigger_config, nodes_json }],
        ),
  );
}
