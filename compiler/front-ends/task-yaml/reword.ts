// The YAML reader is the rule files' (compiler/front-ends/yaml/read-yaml.ts); a few of its
// messages name rule files. Same codes and spans, words for a data-processing file.
import type { Diagnostic } from "../../../generated/types.js";

export function rewordForPackFile(diagnostic: Diagnostic): Diagnostic {
  const message = diagnostic.message.replace("rule files use no tags", "data-processing files use no tags").replace("are not used in rule files", "are not used in data-processing files");
  if (diagnostic.code === "yaml/syntax" && message.startsWith("a rule file is one YAML document")) {
    return { ...diagnostic, message: "a data-processing file is one YAML document: a second one starts here", suggestion: "write one task, binding or route per file" };
  }
  if (diagnostic.code === "yaml/syntax" && diagnostic.suggestion !== undefined) {
    // The rule reader's hints name expressions, which these files do not have.
    return { ...diagnostic, message, suggestion: diagnostic.suggestion.replace(/,? such as a conditional expression(: "a \? b : c")?/, "") };
  }
  if (diagnostic.code === "yaml/unknown-tag" && diagnostic.suggestion !== undefined) {
    // The rule reader's "or write 'not'" is about expressions, which these files do not have.
    return { ...diagnostic, message, suggestion: diagnostic.suggestion.replace(", or write 'not'", "") };
  }
  return { ...diagnostic, message };
}
