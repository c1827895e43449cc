// Issue 5 item 2: `svc token --role Engineer --sub alice [--ttl 1h]` mints a token with the
// configured key, which the server's verifier accepts; stdout is the token alone, so that
// `export SVC_ACCESS_TOKEN=$(npm run -s svc -- token ...)` works.
import { expect } from "chai";
import { exportSPKI, generateKeyPair } from "jose";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { tokenCommand } from "../../cli/commands/token.js";
import { main } from "../../cli/main.js";
import { readAuthConfig } from "../../runtime/auth/auth-config.js";
import { createJwtVerifier } from "../../runtime/auth/jwt-verifier.js";
import { ensureLocalSecret, LOCAL_SECRET_PATH } from "../../runtime/auth/local-secret.js";
import { projectRoot } from "../helpers/paths.js";
import { clock, NOW_SECONDS, SECRET_TEXT } from "../auth/auth-fixtures.js";

const JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\n$/;

describe("svc token", () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), "svc-token-"))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  async function svcToken(env: Record<string, string>, ...args: string[]): Promise<{ code: number; out: string; err: string }> {
    let out = "";
    let err = "";
    const code = await tokenCommand(args, { out: (t) => (out += t), err: (t) => (err += t) }, dir, env, clock);
    return { code, out, err };
  }

  function claimsOf(token: string): Record<string, unknown> {
    return JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as Record<string, unknown>;
  }

  it("with SVC_JWT_SECRET: prints only the token, which the verifier accepts with its claims", async () => {
    const env = { SVC_JWT_SECRET: SECRET_TEXT };
    const { code, out, err } = await svcToken(env, "--role", "Engineer", "--sub", "alice", "--tenant", "acme", "--project", "plant-7");
    expect(code, err).to.equal(0);
    expect(out).to.match(JWT);
    const identity = await createJwtVerifier(readAuthConfig(env), clock).verify(out.trim());
    expect(identity).to.deep.include({ subject: "alice", role: "Engineer", tenantId: "acme", projectId: "plant-7" });
    expect(claimsOf(out)).to.include({ iat: NOW_SECONDS, exp: NOW_SECONDS + 3600 });
  });

  it("--ttl takes s, m, h and d", async () => {
    for (const [ttl, seconds] of [["90s", 90], ["15m", 900], ["2h", 7200], ["30d", 30 * 86400]] as const) {
      const { out } = await svcToken({ SVC_JWT_SECRET: SECRET_TEXT }, "--role", "Viewer", "--sub", "bob", "--ttl", ttl);
      expect(claimsOf(out).exp, ttl).to.equal(NOW_SECONDS + seconds);
    }
  });

  it("without SVC_JWT_SECRET it signs with the server's var/jwt-secret, and the server accepts it", async () => {
    const { secret } = await ensureLocalSecret(join(dir, LOCAL_SECRET_PATH));
    const { code, out } = await svcToken({}, "--role", "Admin", "--sub", "root");
    expect(code).to.equal(0);
    const identity = await createJwtVerifier(readAuthConfig({}, secret), clock).verify(out.trim());
    expect(identity).to.deep.include({ subject: "root", role: "Admin", tenantId: "default" });
  });

  it("with SVC_VAR_DIR it signs with the jwt-secret the server created there", async () => {
    const { secret } = await ensureLocalSecret(join(dir, "state", "jwt-secret"));
    const { code, out } = await svcToken({ SVC_VAR_DIR: "state" }, "--role", "Engineer", "--sub", "alice");
    expect(code).to.equal(0);
    const identity = await createJwtVerifier(readAuthConfig({}, secret), clock).verify(out.trim());
    expect(identity).to.deep.include({ subject: "alice", role: "Engineer" });
  });

  it("carries SVC_JWT_ISSUER and SVC_JWT_AUDIENCE so that a server checking them accepts the token", async () => {
    const env = { SVC_JWT_SECRET: SECRET_TEXT, SVC_JWT_ISSUER: "https://id.example", SVC_JWT_AUDIENCE: "svc" };
    const { out } = await svcToken(env, "--role", "Engineer", "--sub", "alice");
    expect(claimsOf(out)).to.include({ iss: "https://id.example", aud: "svc" });
    expect((await createJwtVerifier(readAuthConfig(env), clock).verify(out.trim())).subject).to.equal("alice");
  });

  it("no key at all: exit 1 saying how to get one, nothing on stdout and nothing created", async () => {
    const { code, out, err } = await svcToken({}, "--role", "Engineer", "--sub", "alice");
    expect(code).to.equal(1);
    expect(out).to.equal("");
    expect(err).to.contain("set SVC_JWT_SECRET").and.contain(LOCAL_SECRET_PATH);
  });

  it("with a public key or JWKS configured: exit 1, tokens come from the identity provider", async () => {
    const pem = await exportSPKI((await generateKeyPair("ES256", { extractable: true })).publicKey);
    const envs: Array<Record<string, string>> = [{ SVC_JWT_PUBLIC_KEY: pem }, { SVC_JWKS_URL: "https://id.example/jwks" }];
    for (const env of envs) {
      const { code, out, err } = await svcToken(env, "--role", "Engineer", "--sub", "alice");
      expect(code).to.equal(1);
      expect(out).to.equal("");
      expect(err).to.contain("identity provider");
    }
  });

  it("a short SVC_JWT_SECRET: exit 1 naming the variable, not printing it", async () => {
    const { code, err } = await svcToken({ SVC_JWT_SECRET: "too-short-secret" }, "--role", "Engineer", "--sub", "alice");
    expect(code).to.equal(1);
    expect(err).to.contain("SVC_JWT_SECRET").and.not.contain("too-short-secret");
  });

  it("wrong usage: exit 2 with what is wrong (role, sub, ttl)", async () => {
    const env = { SVC_JWT_SECRET: SECRET_TEXT };
    const cases: Array<[string[], RegExp]> = [
      [["--sub", "alice"], /give the role: --role Admin\|Engineer\|Viewer/],
      [["--role", "Root", "--sub", "alice"], /--role must be one of Admin, Engineer, Viewer, not 'Root'/],
      [["--role", "Viewer"], /--sub needs a non-empty value/],
      [["--role", "Viewer", "--sub", "a", "--ttl", "31d"], /at most 30d/],
      [["--role", "Viewer", "--sub", "a", "--ttl", "1w"], /s, m, h or d/],
      [["--role", "Viewer", "--sub", "a", "--ttl", "0s"], /longer than zero/],
      [["--role", "Viewer", "--sub", "a", "--rol", "x"], /did you mean '--role'/],
    ];
    for (const [args, message] of cases) {
      const error = await svcToken(env, ...args).catch((e: Error) => e);
      expect(error, args.join(" ")).to.be.instanceOf(Error);
      expect((error as Error).message, args.join(" ")).to.match(message);
    }
    let err = "";
    const code = await main(["token", "--role", "Root", "--sub", "a"], { out: () => {}, err: (t) => (err += t) }, projectRoot);
    expect(code).to.equal(2);
    expect(err).to.contain("svc token: --role must be one of").and.contain("svc token --help");
  });

  it("svc token --help and svc help token print the usage", async () => {
    for (const argv of [["token", "--help"], ["help", "token"]]) {
      let out = "";
      expect(await main(argv, { out: (t) => (out += t), err: () => {} }, projectRoot)).to.equal(0);
      expect(out).to.contain("usage: svc token --role ROLE --sub SUBJECT");
    }
  });
});
