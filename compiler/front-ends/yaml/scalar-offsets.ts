// Where each character of a string scalar's value is in the file: offsets[i] is the file offset
// of value character i (offsets[value.length] is just past the last). Undefined when the style
// folds lines (plain or quoted over several lines, `>` blocks): no exact position exists then.
import type { Scalar } from "yaml";

export function expressionOffsets(text: string, node: Scalar): number[] | undefined {
  const value = node.value;
  const [start, end] = node.range ?? [];
  if (typeof value !== "string" || start === undefined || end === undefined) return undefined;
  const raw = text.slice(start, end);
  let offsets: number[] | undefined;
  if (node.type === "PLAIN") offsets = raw === value ? Array.from({ length: value.length + 1 }, (_, i) => start + i) : undefined;
  else if (node.type === "QUOTE_DOUBLE" || node.type === "QUOTE_SINGLE") offsets = quoted(raw, start, node.type === "QUOTE_DOUBLE");
  else if (node.type === "BLOCK_LITERAL") offsets = literal(text, start, value);
  return offsets?.length === value.length + 1 ? offsets : undefined;
}

// A quoted scalar on one line: escapes (`\"`, `\x41`, `\u00e9`, `''`) are one character of value.
function quoted(raw: string, start: number, double: boolean): number[] | undefined {
  const body = raw.slice(1, -1);
  if (body.includes("\n")) return undefined;
  const offsets: number[] = [];
  let i = 0;
  while (i < body.length) {
    offsets.push(start + 1 + i);
    if (double && body[i] === "\\") i += escapeLength(body[i + 1]);
    else if (!double && body[i] === "'" && body[i + 1] === "'") i += 2;
    else i += 1;
  }
  offsets.push(start + 1 + body.length);
  return offsets;
}

function escapeLength(letter: string | undefined): number {
  return letter === "x" ? 4 : letter === "u" ? 6 : letter === "U" ? 10 : 2;
}

// A literal block: value line k is the k-th line after the header, minus its indentation.
function literal(text: string, start: number, value: string): number[] | undefined {
  const headerEnd = text.indexOf("\n", start);
  if (headerEnd === -1) return undefined;
  const offsets: number[] = [];
  let lineStart = headerEnd + 1;
  const lines = value.split("\n");
  for (const [k, line] of lines.entries()) {
    const lineEnd = text.indexOf("\n", lineStart) === -1 ? text.length : text.indexOf("\n", lineStart);
    const source = text.slice(lineStart, lineEnd).replace(/\r$/, "");
    const indent = source.length - line.length;
    if (line !== "" && (indent < 0 || !source.endsWith(line) || source.slice(0, indent).trim() !== "")) return undefined;
    const first = line === "" ? lineStart : lineStart + indent;
    for (let j = 0; j < line.length; j++) offsets.push(first + j);
    offsets.push(first + line.length); // the line break, or the end of the value
    if (k < lines.length - 1) lineStart = lineEnd + 1;
  }
  return offsets;
}
