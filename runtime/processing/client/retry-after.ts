// The Retry-After header (RFC 9110, 10.2.3): delay-seconds or an HTTP-date, as whole seconds from
// `now`. Anything else is ignored rather than guessed.

const MAX_SECONDS = 2 ** 31 - 1;

/** Whole seconds to wait, or undefined when the header is absent or not one of the two forms. */
export function parseRetryAfter(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text), MAX_SECONDS);
  // IMF-fixdate, the form senders must use: "Sun, 06 Nov 1994 08:49:37 GMT".
  if (!/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(text)) return undefined;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return undefined;
  return Math.min(Math.max(0, Math.ceil((at - now) / 1000)), MAX_SECONDS);
}
