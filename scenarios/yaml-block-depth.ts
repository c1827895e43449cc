// The nesting of a YAML document's block structure, measured on its lines before the parser runs:
// the parser recurses once per level and a block map nested thousands of levels deep overflows
// its stack. A loop over the lines with a stack of indentations: a line indented more than the
// one above opens a level, and each compact `- ` or `? ` before its content opens one more.
// Block scalar lines are counted too (a staircase of 64 indentations is not a scenario). Pure.

/** The offset of the first line that opens block level `maxDepth + 1`, or undefined within the limit. */
export function offsetBeyondBlockDepth(text: string, maxDepth: number): number | undefined {
  const indents: number[] = [];
  for (let start = 0; start < text.length; ) {
    const newline = text.indexOf("\n", start);
    const end = newline === -1 ? text.length : newline;
    let i = start;
    while (i < end && text.charCodeAt(i) === 0x20) i++;
    const c = text.charCodeAt(i);
    // Blank lines and comments open nothing.
    if (i < end && c !== 0x23 && c !== 0x0d) {
      const indent = i - start;
      while (indents.length > 0 && indents[indents.length - 1]! > indent) indents.pop();
      if (indents.length === 0 || indents[indents.length - 1]! < indent) indents.push(indent);
      let depth = indents.length;
      // Compact nested collections on one line: `- - - x`, `? - x`.
      while (i + 1 < end && (text[i] === "-" || text[i] === "?") && text[i + 1] === " ") {
        depth++;
        i += 2;
        while (i < end && text.charCodeAt(i) === 0x20) i++;
      }
      if (depth > maxDepth) return start + (i - start);
    }
    start = end + 1;
  }
  return undefined;
}
