// Line and column of an offset, by binary search over the line starts of a text: what turns the
// parser's offsets into positions without the parser tracking lines for every tree node.
import type { SourcePosition } from "./span.js";

export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(text: string) {
    for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) this.starts.push(i + 1);
  }

  position(offset: number): SourcePosition {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low + 1, column: offset - this.starts[low]! + 1, offset };
  }
}
