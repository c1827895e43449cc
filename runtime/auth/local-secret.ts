// The HS256 secret of an installation with no key configured: created once, on first start, in
// a file only its owner may read. The edge that touches files; the key logic stays in
// auth-config.ts. The secret is the file's text (base64url), so SVC_JWT_SECRET="$(cat FILE)"
// verifies the same tokens.
import { randomBytes } from "node:crypto";
import { link, mkdir, readFile, stat, unlink, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { MIN_SECRET_BYTES } from "./auth-config.js";

/** Where the server keeps the local secret, relative to its working directory. */
export const LOCAL_SECRET_PATH = "var/jwt-secret";

/** Random bytes in a new secret: 48 bytes are 64 base64url characters. */
const SECRET_RANDOM_BYTES = 48;

export class LocalSecretError extends Error {
  override readonly name = "LocalSecretError";
}

/** The secret in `path`, or undefined when the file does not exist. */
export async function readLocalSecret(path: string): Promise<Uint8Array | undefined> {
  let mode: number;
  try {
    mode = (await stat(path)).mode;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  // Like ssh with a private key: refuse, rather than quietly fix, a secret others could have read.
  if (process.platform !== "win32" && (mode & 0o077) !== 0) {
    throw new LocalSecretError(`${path} can be read by other users (mode ${(mode & 0o777).toString(8)}): run chmod 600 ${path}, or delete it to create a new secret`);
  }
  const text = (await readFile(path, "utf8")).trim();
  const secret = new TextEncoder().encode(text);
  if (secret.byteLength < MIN_SECRET_BYTES) {
    throw new LocalSecretError(`${path} holds ${secret.byteLength} bytes; a secret needs at least ${MIN_SECRET_BYTES}: delete the file to create a new one`);
  }
  return secret;
}

/** Reads the secret in `path`, creating it (mode 0600) when the file does not exist. */
export async function ensureLocalSecret(path: string): Promise<{ secret: Uint8Array; created: boolean }> {
  const existing = await readLocalSecret(path);
  if (existing !== undefined) return { secret: existing, created: false };
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const text = `${randomBytes(SECRET_RANDOM_BYTES).toString("base64url")}\n`;
  // Written in full under a private name, then linked into place: link fails if the file exists,
  // so of two processes starting at once exactly one creates it, and no one reads a half-written file.
  const temporary = `${path}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  await writeFile(temporary, text, { mode: 0o600, flag: "wx" });
  try {
    await link(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    const winner = await readLocalSecret(path);
    if (winner === undefined) throw error;
    return { secret: winner, created: false };
  } finally {
    await unlink(temporary);
  }
  return { secret: new TextEncoder().encode(text.trim()), created: true };
}
