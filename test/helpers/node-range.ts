// A small check of npm `engines.node` ranges against one Node version, for the test that keeps
// every installed package installable on the README's Node. It reads what package-lock.json
// holds: `||` unions of space-separated comparators (>=, >, <=, <, =, ^, ~ or none), partial
// versions (20, 20.x, *) and hyphen ranges (18 - 20). Anything else is reported as unreadable.

type Version = [number, number, number];

/** True when `version` satisfies `range`; undefined when the range cannot be read. */
export function rangeIncludes(range: string, version: string): boolean | undefined {
  const target = parse(version);
  if (target === undefined) throw new Error(`not a version: ${version}`);
  let readable = true;
  const sets = range.split("||").map((set) => {
    const hyphen = /^\s*(\S+)\s+-\s+(\S+)\s*$/.exec(set);
    const comparators = hyphen !== null ? [`>=${hyphen[1]}`, `<=${hyphen[2]}`] : set.replace(/([<>=^~]+)\s+/g, "$1").trim().split(/\s+/);
    return comparators.every((c) => {
      const verdict = satisfies(c, target);
      if (verdict === undefined) readable = false;
      return verdict === true;
    });
  });
  return readable ? sets.some(Boolean) : undefined;
}

function satisfies(comparator: string, v: Version): boolean | undefined {
  const m = /^(>=|<=|>|<|=|\^|~)?v?(\*|x|X|\d+)(?:\.(\*|x|X|\d+))?(?:\.(\*|x|X|\d+))?$/.exec(comparator);
  if (comparator === "" || comparator === "*") return true;
  if (m === null) return undefined;
  const op = m[1] ?? "=";
  const parts = [m[2], m[3], m[4]].map((p) => (p === undefined || /^[*xX]$/.test(p) ? undefined : Number(p)));
  const given = parts.findIndex((p) => p === undefined);
  const known = given === -1 ? 3 : given; // how many leading parts are numbers
  const low = [0, 1, 2].map((i) => (i < known ? parts[i]! : 0)) as Version;
  if (known === 0) return op === "<" ? false : true;
  // The first version past the range an incomplete or caret/tilde version stands for.
  const bump = (index: number): Version => [0, 1, 2].map((i) => (i < index ? low[i]! : i === index ? low[i]! + 1 : 0)) as Version;
  const upper = op === "^" ? bump(low[0] !== 0 || known === 1 ? 0 : low[1] !== 0 || known === 2 ? 1 : 2) : op === "~" ? bump(known === 1 ? 0 : 1) : known < 3 ? bump(known - 1) : undefined;
  const cmp = (a: Version, b: Version): number => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
  switch (op) {
    case ">=":
      return cmp(v, low) >= 0;
    case ">":
      return upper === undefined ? cmp(v, low) > 0 : cmp(v, upper) >= 0;
    case "<":
      return cmp(v, low) < 0;
    case "<=":
      return upper === undefined ? cmp(v, low) <= 0 : cmp(v, upper) < 0;
    default: // =, ^, ~ and a bare (possibly partial) version: [low, upper)
      return cmp(v, low) >= 0 && (upper === undefined ? cmp(v, low) === 0 : cmp(v, upper) < 0);
  }
}

function parse(version: string): Version | undefined {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  return m === null ? undefined : [Number(m[1]), Number(m[2]), Number(m[3])];
}
