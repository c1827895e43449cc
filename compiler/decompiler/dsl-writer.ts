// The printer's output: indented lines, plus the source comments placed between them. A comment
// that starts on the source line where the last printed thing ended stays at the end of that
// output line; any other comment goes on its own line before the first element after it.
import type { Comment } from "../../grammar/rule/ast.js";

const INDENT = "  ";

export class DslWriter {
  private readonly lines: string[] = [];
  private readonly comments: readonly Comment[];
  private nextComment = 0;
  /** Where the last printed thing ended: its source line and its output line. */
  private anchor: { sourceLine: number; outLine: number } | undefined;
  private blankPending = false;

  constructor(comments: readonly Comment[] = []) {
    this.comments = [...comments].sort((a, b) => a.span.start.offset - b.span.start.offset);
  }

  /** Prints the comments that start before `offset`, own-line ones at `depth`. */
  flushBefore(offset: number, depth: number): void {
    for (let c = this.comments[this.nextComment]; c !== undefined && c.span.start.offset < offset; c = this.comments[++this.nextComment]) {
      if (this.anchor !== undefined && c.span.start.line === this.anchor.sourceLine) {
        this.lines[this.anchor.outLine] += ` ${tidy(c.text)}`;
        this.anchor = { sourceLine: c.span.end.line, outLine: this.anchor.outLine };
      } else {
        this.line(depth, tidy(c.text), c.span.end.line);
      }
    }
  }

  /** Whether a comment is still to be printed before `offset`. */
  hasCommentBefore(offset: number): boolean {
    const c = this.comments[this.nextComment];
    return c !== undefined && c.span.start.offset < offset;
  }

  /** Prints one line at `depth`; `sourceLine` is the source line where what it shows ends. */
  line(depth: number, text: string, sourceLine: number): void {
    if (this.blankPending && this.lines.length > 0) this.lines.push("");
    this.blankPending = false;
    this.lines.push(INDENT.repeat(depth) + text);
    this.anchor = { sourceLine, outLine: this.lines.length - 1 };
  }

  /** Asks for one blank line before the next own line. */
  blankLine(): void {
    this.blankPending = true;
  }

  /** The text: every remaining comment printed, LF line ends, one final newline (none when empty). */
  finish(): string {
    this.flushBefore(Infinity, 0);
    return this.lines.length === 0 ? "" : `${this.lines.join("\n")}\n`;
  }
}

// LF line ends and no trailing blanks inside a comment, so the output is the same on every OS.
function tidy(text: string): string {
  return text.replace(/[ \t]*\r?\n/g, "\n").replace(/[ \t\r]+$/, "");
}
