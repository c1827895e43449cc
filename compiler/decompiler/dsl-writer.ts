// The printer's output: indented lines, plus the source comments placed between them. A comment
// that starts on the source line where the last printed thing ended stays at the end of that
// output line (consecutive such comments are aligned); any other comment goes on its own line
// before the first element after it. One blank line of the source between two elements is kept
// (several count as one), except right after an opening brace.
import type { Comment } from "../../grammar/rule/ast.js";

const INDENT = "  ";

export class DslWriter {
  private readonly lines: string[] = [];
  private readonly comments: readonly Comment[];
  private nextComment = 0;
  /** Where the last printed thing ended: its source line and its output line. */
  private anchor: { sourceLine: number; outLine: number } | undefined;
  private blankPending = false;
  private justOpened = false;
  /** The last source line printed so far: a blank line is a gap after it. */
  private lastSourceLine = 0;
  /** Output lines that end with a comment: the length of the code before it. */
  private readonly trailing = new Map<number, number>();

  constructor(comments: readonly Comment[] = []) {
    this.comments = [...comments].sort((a, b) => a.span.start.offset - b.span.start.offset);
  }

  /** Prints the comments that start before `offset`, own-line ones at `depth`. */
  flushBefore(offset: number, depth: number): void {
    for (let c = this.comments[this.nextComment]; c !== undefined && c.span.start.offset < offset; c = this.comments[++this.nextComment]) {
      if (this.anchor !== undefined && c.span.start.line === this.anchor.sourceLine) {
        const out = this.anchor.outLine;
        const text = tidy(c.text);
        // Only one-line comments line up; a comment over several lines ends a run.
        if (!this.trailing.has(out) && !text.includes("\n")) this.trailing.set(out, this.lines[out]!.length);
        this.lines[out] += ` ${text}`;
        this.anchor = { sourceLine: c.span.end.line, outLine: this.anchor.outLine };
      } else {
        this.line(depth, tidy(c.text), c.span.end.line, c.span.start.line, true);
      }
    }
  }

  /** Whether a comment is still to be printed before `offset`. */
  hasCommentBefore(offset: number): boolean {
    const c = this.comments[this.nextComment];
    return c !== undefined && c.span.start.offset < offset;
  }

  /**
   * Prints one line at `depth`; `sourceLine` is the source line where what it shows ends and
   * `startLine`, for the first line of an element, the source line where the element starts.
   */
  line(depth: number, text: string, sourceLine: number, startLine?: number, comment = false): void {
    const gap = startLine !== undefined && this.lines.length > 0 && startLine > this.lastSourceLine + 1;
    if (gap && !this.justOpened) this.blankPending = true;
    if (this.blankPending && this.lines.length > 0) this.lines.push("");
    this.blankPending = false;
    this.justOpened = !comment && text.endsWith("{");
    this.lines.push(INDENT.repeat(depth) + text);
    this.anchor = { sourceLine, outLine: this.lines.length - 1 };
    this.lastSourceLine = Math.max(this.lastSourceLine, sourceLine);
  }

  /** Asks for one blank line before the next own line. */
  blankLine(): void {
    this.blankPending = true;
  }

  /** The text: every remaining comment printed, LF line ends, one final newline (none when empty). */
  finish(): string {
    this.flushBefore(Infinity, 0);
    this.alignTrailingComments();
    return this.lines.length === 0 ? "" : `${this.lines.join("\n")}\n`;
  }

  // Runs of consecutive lines at one indentation that end with comments get their comments in
  // one column.
  private alignTrailingComments(): void {
    const indent = (k: number): number => this.lines[k]!.length - this.lines[k]!.trimStart().length;
    for (let i = 0; i < this.lines.length; ) {
      let end = i;
      while (this.trailing.has(end) && indent(end) === indent(i)) end++;
      if (end - i > 1) {
        const column = Math.max(...Array.from({ length: end - i }, (_, k) => this.trailing.get(i + k)!));
        for (let k = i; k < end; k++) {
          const code = this.trailing.get(k)!;
          this.lines[k] = this.lines[k]!.slice(0, code).padEnd(column) + this.lines[k]!.slice(code);
        }
      }
      i = Math.max(end, i + 1);
    }
  }
}

// LF line ends and no trailing blanks inside a comment, so the output is the same on every OS.
function tidy(text: string): string {
  return text.replace(/[ \t]*\r?\n/g, "\n").replace(/[ \t\r]+$/, "");
}
