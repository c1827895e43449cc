// Text the store can hold as sent. PostgreSQL `text` refuses NUL (U+0000), and a lone surrogate
// is not Unicode: neither database keeps it as sent (and canonical JSON of an audit event refuses
// it). Such input is refused, never stored changed. Used by the body reader, the query reader and
// the authenticator, so no field needs its own check.

// With the u flag a well-formed surrogate pair is one code point, so only a lone surrogate matches.
const UNSTORABLE = /[\u0000\p{Cs}]/u;

/** What makes `text` unstorable, in words, or undefined when it can be stored as it is. */
export function unstorableReason(text: string): string | undefined {
  const match = UNSTORABLE.exec(text);
  if (match === null) return undefined;
  return match[0] === "\u0000" ? "contains a NUL character (U+0000)" : "contains a lone surrogate (not well-formed Unicode)";
}

/**
 * The JSON Pointer and reason of the first unstorable string (a key or a value) of a parsed JSON
 * value; undefined when there is none. Iterative: the depth of the value does not matter.
 */
export function firstUnstorableString(value: unknown): { path: string; reason: string } | undefined {
  const stack: [unknown, string][] = [[value, ""]];
  while (stack.length > 0) {
    const [item, path] = stack.pop()!;
    if (typeof item === "string") {
      const reason = unstorableReason(item);
      if (reason !== undefined) return { path, reason };
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push([item[i], `${path}/${i}`]);
    } else if (typeof item === "object" && item !== null) {
      for (const [key, child] of Object.entries(item).reverse()) {
        const at = `${path}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`;
        const reason = unstorableReason(key);
        if (reason !== undefined) return { path: at, reason: `its key ${reason}` };
        stack.push([child, at]);
      }
    }
  }
  return undefined;
}
