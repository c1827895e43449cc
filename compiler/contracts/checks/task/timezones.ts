// IANA timezone names for a task's calendar features. The zone is a portable name: exactly as
// IANA spells it, so every implementation computing calendar features reads the same zone.
// Accepted: any zone Intl lists (Intl.supportedValuesOf), `UTC`, and any other zone or link the
// runtime's ICU resolves (Asia/Kolkata, Europe/Kyiv: ICU still lists their old names) written in
// IANA's case. ICU also resolves `europe/berlin`; that spelling is refused with the exact one.
// Pure: Intl reads no file and no clock.
import { closestName } from "../../../../generated/index.js";

const LISTED: ReadonlySet<string> = new Set([...Intl.supportedValuesOf("timeZone"), "UTC"]);

// IANA names: segments starting with a capital (Europe/Berlin, America/Port-au-Prince, Etc/GMT+1, EST5EDT).
const IANA_CASE = /^[A-Z][A-Za-z0-9_+-]*(\/[A-Z][A-Za-z0-9_+-]*)*$/;

export type TimezoneCheck = { ok: true } | { ok: false; miscased: boolean; suggestion?: string };

export function checkTimezone(name: string): TimezoneCheck {
  if (LISTED.has(name)) return { ok: true };
  const resolved = resolve(name);
  if (resolved !== undefined && IANA_CASE.test(name)) return { ok: true };
  const folded = [...LISTED].find((zone) => zone.toLowerCase() === name.toLowerCase());
  return { ok: false, miscased: folded !== undefined || resolved !== undefined, ...suggestion(folded ?? resolved ?? closestName(name, LISTED)) };
}

function resolve(name: string): string | undefined {
  try {
    return new Intl.DateTimeFormat("en", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

function suggestion(zone: string | undefined): { suggestion?: string } {
  return zone === undefined ? {} : { suggestion: `did you mean '${zone}'?` };
}
