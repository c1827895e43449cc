// The kinds of refused actions a scenario's `reason:` may name (issue 18: "a failed action with
// its reason (out of range, unavailable target)"), matched against the reasons the executor and
// the channels give. Any other text matches a reason that contains it (case ignored).
const KINDS: ReadonlyArray<readonly [string, RegExp]> = [
  ["out of range", /outside the point's range/i],
  ["not finite", /is NaN|is -?Infinity|not a finite number/i],
  ["unavailable target", /no writer|notify socket|writer restarted|no command slot|does not declare|declares no action point/i],
];

/** Whether a refusal `reason` is of the kind (or contains the text) `wanted`. */
export function reasonMatches(reason: string, wanted: string): boolean {
  const kind = KINDS.find(([name]) => name === wanted.trim().toLowerCase());
  return kind !== undefined ? kind[1].test(reason) : reason.toLowerCase().includes(wanted.toLowerCase());
}

/** The kinds `reason:` names, for docs and messages. */
export const REFUSAL_KINDS: readonly string[] = KINDS.map(([name]) => name);
