// A conservative heuristic for internals in error messages and details: stack frames,
// absolute filesystem paths, SQL, bearer tokens, passwords, secrets, token parameters and PEM
// blocks. It errs on the side of flagging; the diagnostic names the kind of leak, never the
// leaked text, because diagnostics themselves end up in logs.
const PATTERNS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\n\s*at /, "a stack trace"],
  [/\/(?:home|var|opt|usr|etc|srv|tmp|root)\//, "an absolute filesystem path"],
  [/\b[A-Za-z]:\\/, "a Windows filesystem path"],
  [/\bselect\s+(?:\*|[\w."]+(?:\s*,\s*[\w."]+)*)\s+from\s/i, "SQL"],
  [/\binsert\s+into\b|\bdelete\s+from\b|\bdrop\s+table\b/i, "SQL"],
  [/\bBearer\s+\S/, "a bearer token"],
  [/password/i, "a password"],
  [/secret/i, "a secret"],
  [/token=/i, "a token parameter"],
  [/-----BEGIN/, "a PEM key or certificate"],
];

/** What kind of internal `text` seems to expose, or undefined. */
export function leakIn(text: string): string | undefined {
  return PATTERNS.find(([pattern]) => pattern.test(text))?.[1];
}
