// The diff of a golden trace against the run: the longest common subsequence of lines (Myers'
// O((N+M)D) shortest edit script), printed unified-style with a little context. Pure.

export type DiffLine = { kind: "same" | "removed" | "added"; text: string };

/** Past this many differing lines the edit script is not searched: the middle is shown replaced whole. */
const MAX_EDIT_DISTANCE = 2000;

/** Every line of `expected` and `actual`, in order, marked kept, removed or added (a shortest edit script). */
export function diffLines(expected: readonly string[], actual: readonly string[]): DiffLine[] {
  let head = 0;
  while (head < expected.length && head < actual.length && expected[head] === actual[head]) head++;
  let tail = 0;
  while (tail < expected.length - head && tail < actual.length - head && expected[expected.length - 1 - tail] === actual[actual.length - 1 - tail]) tail++;
  const a = expected.slice(head, expected.length - tail);
  const b = actual.slice(head, actual.length - tail);
  const same = (lines: readonly string[]): DiffLine[] => lines.map((text) => ({ kind: "same", text }));
  return [...same(expected.slice(0, head)), ...(myers(a, b) ?? replaced(a, b)), ...same(expected.slice(expected.length - tail))];
}

function replaced(a: readonly string[], b: readonly string[]): DiffLine[] {
  return [...a.map((text): DiffLine => ({ kind: "removed", text })), ...b.map((text): DiffLine => ({ kind: "added", text }))];
}

// Myers 1986: v[k] is the furthest x reached on diagonal k = x - y with d edits; the v of each d
// is kept (only its -d..d part) to walk the path back. Null when more than MAX_EDIT_DISTANCE edits.
function myers(a: readonly string[], b: readonly string[]): DiffLine[] | null {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, MAX_EDIT_DISTANCE);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const history: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    history.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) return backtrack(a, b, history, d);
    }
  }
  return null;
}

function backtrack(a: readonly string[], b: readonly string[], history: Int32Array[], last: number): DiffLine[] {
  const out: DiffLine[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = last; d > 0; d--) {
    // history[d] holds v as it was before step d: indices -d-1..d+1 around its middle.
    const before = history[d]!;
    const at = (k: number): number => before[k + d + 1]!;
    const k = x - y;
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1));
    const prevK = down ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      out.push({ kind: "same", text: a[--x]! });
      y--;
    }
    if (down) out.push({ kind: "added", text: b[--y]! });
    else out.push({ kind: "removed", text: a[--x]! });
  }
  while (x > 0 && y > 0) {
    out.push({ kind: "same", text: a[--x]! });
    y--;
  }
  return out.reverse();
}

/**
 * The differing lines with `context` kept lines around each change: `- ` expected, `+ ` actual,
 * `  ` kept; `…` between separate hunks. At most `limit` lines, then a count of the rest.
 */
export function formatDiff(lines: readonly DiffLine[], context = 2, limit = 60): string[] {
  const shown = new Set<number>();
  lines.forEach((line, i) => {
    if (line.kind === "same") return;
    for (let j = Math.max(0, i - context); j <= Math.min(lines.length - 1, i + context); j++) shown.add(j);
  });
  const out: string[] = [];
  let previous = -1;
  for (const i of [...shown].sort((x, y) => x - y)) {
    if (previous !== -1 && i > previous + 1) out.push("…");
    const line = lines[i]!;
    out.push(`${line.kind === "removed" ? "-" : line.kind === "added" ? "+" : " "} ${line.text}`);
    previous = i;
  }
  if (out.length <= limit) return out;
  const rest = out.slice(limit).filter((l) => l.startsWith("-") || l.startsWith("+")).length;
  return [...out.slice(0, limit), `… and ${rest} more differing ${rest === 1 ? "line" : "lines"}`];
}
