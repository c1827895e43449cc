// Where the API commands send their requests, and with which token: SVC_BASE_URL (default
// http://127.0.0.1:8080), SVC_ACCESS_TOKEN, SVC_TIMEOUT_MS (default 30 s). The token is never
// printed.
import { UsageError } from "../console.js";

export const DEFAULT_BASE_URL = "http://127.0.0.1:8080";
const DEFAULT_TIMEOUT_MS = 30_000;

export interface ApiSettings {
  /** Without a trailing slash: paths are appended. */
  baseUrl: string;
  token: string | undefined;
  timeoutMs: number;
}

export function readApiSettings(env: Record<string, string | undefined>): ApiSettings {
  const given = env.SVC_BASE_URL?.trim() || DEFAULT_BASE_URL;
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new UsageError(`SVC_BASE_URL is not a URL: '${given}' (e.g. ${DEFAULT_BASE_URL})`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new UsageError(`SVC_BASE_URL must be an http or https URL, not '${given}'`);
  if (url.search !== "" || url.hash !== "") throw new UsageError(`SVC_BASE_URL must not have a query or fragment: '${given}'`);
  if (url.username !== "" || url.password !== "") throw new UsageError("SVC_BASE_URL must not carry credentials: the token goes in SVC_ACCESS_TOKEN");
  const timeout = env.SVC_TIMEOUT_MS?.trim();
  const timeoutMs = timeout ? Number(timeout) : DEFAULT_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > 600_000) throw new UsageError(`SVC_TIMEOUT_MS must be a whole number of milliseconds from 1 to 600000, not '${timeout}'`);
  const token = env.SVC_ACCESS_TOKEN?.trim() || undefined;
  return { baseUrl: url.href.replace(/\/+$/, ""), token, timeoutMs };
}
