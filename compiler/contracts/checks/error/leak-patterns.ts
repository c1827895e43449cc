// A conservative heuristic for internals in error messages and details: stack frames,
// absolute filesystem paths, SQL, bearer tokens, passwords, secrets, token parameters and PEM
// blocks. It errs on the side of flagging; the diagnostic names the kind of leak, never the
// leaked text, because diagnostics themselves end up in logs.
const PATTERNS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\n\s*at /, "a stack trace"],
  [/\/(?:home|var|opt|usr|etc|srv|tmp|root)\//, "an absolute filesystem path"],
  [/\b[A-Za-z]:\\/, "a Windows filesystem path"],
  // SQL as code writes it (upper-case keywords), so "select one from the list" is prose, not SQL.
  [/\bSELECT\s+(?:\*|[\w."]+(?:\s*,\s*[\w."]+)*)\s+FROM\s/, "SQL"],
  [/\bselect\s+\*\s+from\s/i, "SQL"],
  [/\bINSERT\s+INTO\b|\bDELETE\s+FROM\b|\bDROP\s+TABLE\b|\bUPDATE\s+\w+\s+SET\b/, "SQL"],
  [/\bBearer\s+\S/, "a bearer token"],
  // A password or secret with a value (`password=…`, `secret: …`), not the word alone ("secret_mode").
  [/password\s*[=:]|passwd\s*[=:]|:\/\/[^/\s:@]+:[^/\s@]+@/i, "a password"],
  [/secret\s*[=:]|api[_-]?key\s*[=:]/i, "a secret"],
  [/token=/i, "a token parameter"],
  [/-----BEGIN/, "a PEM key or certificate"],
];

/** What kind of internal `text` seems to expose, or undefined. */
export function leakIn(text: string): string | undefined {
  return PATTERNS.find(([pattern]) => pattern.test(text))?.[1];
}
