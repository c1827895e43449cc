// Issue 5 item 2: with no key configured the server creates one on first start in var/, readable
// by its owner only, and reuses it afterwards.
import { expect } from "chai";
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureLocalSecret, LocalSecretError, readLocalSecret } from "../../runtime/auth/local-secret.js";
import { rejectionOf } from "./auth-fixtures.js";

describe("auth: local secret (var/jwt-secret)", () => {
  let dir: string;
  let path: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "svc-secret-"));
    path = join(dir, "var", "jwt-secret");
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("is created on first use with mode 0600, in a new directory, as base64url text", async () => {
    const { secret, created } = await ensureLocalSecret(path);
    expect(created).to.equal(true);
    expect(statSync(path).mode & 0o777).to.equal(0o600);
    const text = readFileSync(path, "utf8");
    expect(text).to.match(/^[A-Za-z0-9_-]{64}\n$/);
    expect(Buffer.from(secret).toString()).to.equal(text.trim());
    expect(readdirSync(join(dir, "var"))).to.deep.equal(["jwt-secret"]);
  });

  it("is reused on the next start", async () => {
    const first = await ensureLocalSecret(path);
    const second = await ensureLocalSecret(path);
    expect(second.created).to.equal(false);
    expect(Buffer.from(second.secret).equals(Buffer.from(first.secret))).to.equal(true);
  });

  it("two processes starting at once: exactly one creates it and both get the same secret", async () => {
    const results = await Promise.all([ensureLocalSecret(path), ensureLocalSecret(path), ensureLocalSecret(path)]);
    expect(results.filter((r) => r.created)).to.have.length(1);
    const texts = new Set(results.map((r) => Buffer.from(r.secret).toString()));
    expect(texts.size).to.equal(1);
    expect(readdirSync(join(dir, "var"))).to.deep.equal(["jwt-secret"]);
  });

  it("a file others can read is refused with the chmod to run", async () => {
    mkdirSync(join(dir, "var"));
    writeFileSync(path, "x".repeat(64));
    chmodSync(path, 0o644);
    const error = await rejectionOf(ensureLocalSecret(path));
    expect(error).to.be.instanceOf(LocalSecretError);
    expect(error.message).to.contain(`chmod 600 ${path}`);
  });

  it("a file too short to be a secret is refused", async () => {
    mkdirSync(join(dir, "var"));
    writeFileSync(path, "short\n", { mode: 0o600 });
    expect((await rejectionOf(readLocalSecret(path))).message).to.contain("at least 32");
  });

  it("readLocalSecret does not create anything", async () => {
    expect(await readLocalSecret(path)).to.equal(undefined);
    expect(readdirSync(dir)).to.deep.equal([]);
  });
});
