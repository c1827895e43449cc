// A strict parser of the Prometheus text exposition format 0.0.4, for tests of GET /metrics: it
// throws, naming the line, on anything a Prometheus server would refuse or misread (a bad name,
// label or value, a TYPE after its samples or given twice, a family's samples not together, a
// series given twice, a histogram whose buckets are not cumulative or end without +Inf = _count).
// Written here because the one npm parser found is lenient and unmaintained (docs/decisions.md).

export type MetricType = "counter" | "gauge" | "histogram" | "summary" | "untyped";

export interface Sample {
  /** The sample's own name (`x_bucket`, `x_sum` for a histogram `x`). */
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface MetricFamily {
  name: string;
  type: MetricType;
  help: string | undefined;
  samples: Sample[];
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*/;
const TYPES = new Set<MetricType>(["counter", "gauge", "histogram", "summary", "untyped"]);

export function parsePrometheusText(text: string): Map<string, MetricFamily> {
  if (text !== "" && !text.endsWith("\n")) throw new Error("the exposition must end with a line feed");
  const families = new Map<string, MetricFamily>();
  const seen = new Set<string>();
  const closed = new Set<string>();
  let current: string | undefined;
  const lines = text.split("\n");
  lines.pop();
  lines.forEach((line, i) => {
    const at = `line ${i + 1} (${JSON.stringify(line.slice(0, 80))})`;
    try {
      if (line.trim() === "") return;
      if (line.startsWith("#")) return meta(line);
      sample(line);
    } catch (error) {
      throw new Error(`${at}: ${(error as Error).message}`);
    }
  });
  for (const family of families.values()) checkFamily(family);
  return families;

  function family(name: string): MetricFamily {
    let found = families.get(name);
    if (found === undefined) {
      found = { name, type: "untyped", help: undefined, samples: [] };
      families.set(name, found);
    }
    return found;
  }

  function enter(name: string): void {
    if (current === name) return;
    if (closed.has(name)) throw new Error(`the samples of ${name} are not together`);
    if (current !== undefined) closed.add(current);
    current = name;
  }

  function meta(line: string): void {
    const match = /^# (HELP|TYPE) (\S+)(?: (.*))?$/.exec(line);
    if (match === null) return; // a comment
    const [, keyword, name, rest = ""] = match;
    if (METRIC_NAME.exec(name!)?.[0] !== name) throw new Error(`bad metric name ${name}`);
    const target = family(name!);
    enter(name!);
    if (keyword === "HELP") {
      if (target.help !== undefined) throw new Error(`second HELP for ${name}`);
      target.help = unescape(rest, false);
      return;
    }
    if (!TYPES.has(rest as MetricType)) throw new Error(`unknown type '${rest}'`);
    if (target.samples.length > 0) throw new Error(`TYPE of ${name} after its samples`);
    if (target.type !== "untyped" || seen.has(`type:${name}`)) throw new Error(`second TYPE for ${name}`);
    seen.add(`type:${name}`);
    target.type = rest as MetricType;
  }

  function sample(line: string): void {
    const name = METRIC_NAME.exec(line)?.[0];
    if (name === undefined) throw new Error("a sample must start with a metric name");
    let rest = line.slice(name.length);
    const labels: Record<string, string> = {};
    if (rest.startsWith("{")) {
      rest = rest.slice(1);
      for (;;) {
        if (rest.startsWith("}")) break;
        const label = LABEL_NAME.exec(rest)?.[0];
        if (label === undefined) throw new Error("bad label name");
        if (Object.hasOwn(labels, label)) throw new Error(`label ${label} given twice`);
        rest = rest.slice(label.length);
        if (!rest.startsWith('="')) throw new Error(`label ${label}: expected ="`);
        const { value, after } = labelValue(rest.slice(2));
        labels[label] = value;
        rest = after;
        if (rest.startsWith(",")) rest = rest.slice(1);
        else if (!rest.startsWith("}")) throw new Error("expected , or } after a label");
      }
      rest = rest.slice(1);
    }
    const fields = /^ +(\S+)(?: +(-?\d+))?$/.exec(rest);
    if (fields === null) throw new Error("expected one space, a value and an optional timestamp");
    const value = parseValue(fields[1]!);
    const owner = familyOf(name);
    enter(owner.name);
    const key = `${name}${JSON.stringify(Object.entries(labels).sort())}`;
    if (seen.has(key)) throw new Error(`series ${key} given twice`);
    seen.add(key);
    owner.samples.push({ name, labels, value });
  }

  /** The family a sample belongs to: `x_bucket`, `x_sum`, `x_count` of a histogram or summary `x`. */
  function familyOf(name: string): MetricFamily {
    const suffix = /_(bucket|sum|count)$/.exec(name);
    if (suffix !== null) {
      const base = families.get(name.slice(0, -suffix[0].length));
      if (base !== undefined && (base.type === "histogram" || (base.type === "summary" && suffix[1] !== "bucket"))) return base;
    }
    return family(name);
  }
}

function labelValue(text: string): { value: string; after: string } {
  let value = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') return { value, after: text.slice(i + 1) };
    if (c === "\n") throw new Error("line feed inside a label value");
    if (c !== "\\") {
      value += c;
      continue;
    }
    const next = text[++i];
    if (next === "\\" || next === '"') value += next;
    else if (next === "n") value += "\n";
    else throw new Error(`bad escape \\${next ?? ""} in a label value`);
  }
  throw new Error("unterminated label value");
}

function unescape(text: string, quotes: boolean): string {
  return text.replace(/\\(.?)/g, (_, c: string) => {
    if (c === "\\") return "\\";
    if (c === "n") return "\n";
    if (quotes && c === '"') return '"';
    throw new Error(`bad escape \\${c}`);
  });
}

/** A float as Prometheus reads it (Go's ParseFloat: NaN and Inf in any case; prom-client writes `Nan`). */
function parseValue(text: string): number {
  const word = text.toLowerCase();
  if (word === "nan") return NaN;
  if (word === "+inf" || word === "inf") return Infinity;
  if (word === "-inf") return -Infinity;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) throw new Error(`bad value '${text}'`);
  return Number(text);
}

function checkFamily(family: MetricFamily): void {
  const { name, type, samples } = family;
  const fail = (message: string): never => {
    throw new Error(`${name}: ${message}`);
  };
  if (type === "counter") for (const s of samples) if (!(s.value >= 0)) fail(`negative or NaN counter ${s.value}`);
  if (type !== "histogram") return;
  const series = new Map<string, { buckets: [number, number][]; sum?: number; count?: number }>();
  for (const s of samples) {
    const { le, ...rest } = s.labels;
    const key = JSON.stringify(Object.entries(rest).sort());
    const entry = series.get(key) ?? { buckets: [] };
    series.set(key, entry);
    if (s.name === `${name}_bucket`) {
      if (le === undefined) fail("a bucket without le");
      entry.buckets.push([parseValue(le!), s.value]);
    } else if (s.name === `${name}_sum`) entry.sum = s.value;
    else if (s.name === `${name}_count`) entry.count = s.value;
    else fail(`unexpected sample ${s.name}`);
  }
  for (const [key, { buckets, sum, count }] of series) {
    if (sum === undefined || count === undefined) fail(`${key}: _sum or _count missing`);
    const sorted = [...buckets].sort((a, b) => a[0] - b[0]);
    if (sorted.at(-1)?.[0] !== Infinity) fail(`${key}: no +Inf bucket`);
    if (sorted.at(-1)![1] !== count) fail(`${key}: the +Inf bucket is not _count`);
    for (let i = 1; i < sorted.length; i++) if (sorted[i]![1] < sorted[i - 1]![1]) fail(`${key}: buckets are not cumulative`);
  }
}

/** The value of one series of a family (labels must match exactly), or undefined. */
export function valueOf(families: Map<string, MetricFamily>, sampleName: string, labels: Record<string, string> = {}): number | undefined {
  const family = families.get(sampleName) ?? families.get(sampleName.replace(/_(bucket|sum|count)$/, ""));
  const wanted = JSON.stringify(Object.entries(labels).sort());
  return family?.samples.find((s) => s.name === sampleName && JSON.stringify(Object.entries(s.labels).sort()) === wanted)?.value;
}
