// Start-up configuration of token verification (ARCHITECTURE.md "HTTP decisions": the key
// options; PITFALLS.md: short HS256 secrets refused). A mistake stops the start and names the
// variable, never its value.
import { expect } from "chai";
import { exportSPKI, generateKeyPair } from "jose";
import { generateKeyPairSync } from "node:crypto";
import { AuthConfigError, readAuthConfig } from "../../runtime/auth/auth-config.js";
import { SECRET, SECRET_TEXT } from "./auth-fixtures.js";

function configError(env: Record<string, string | undefined>, localSecret?: Uint8Array): AuthConfigError {
  try {
    readAuthConfig(env, localSecret);
  } catch (error) {
    expect(error).to.be.instanceOf(AuthConfigError);
    return error as AuthConfigError;
  }
  expect.fail("expected an AuthConfigError");
}

function spkiOf(type: "rsa" | "ec" | "ed25519", options: { modulusLength?: number; namedCurve?: string }): string {
  const { publicKey } = generateKeyPairSync(type as "rsa", { modulusLength: 2048, ...options } as { modulusLength: number });
  return publicKey.export({ type: "spki", format: "pem" }).toString();
}

describe("auth: configuration (readAuthConfig)", () => {
  it("SVC_JWT_SECRET: HS256 only, with issuer and audience when set", () => {
    const config = readAuthConfig({ SVC_JWT_SECRET: SECRET_TEXT, SVC_JWT_ISSUER: "https://id.example", SVC_JWT_AUDIENCE: "svc" });
    expect(config.algorithms).to.deep.equal(["HS256"]);
    expect(config).to.include({ issuer: "https://id.example", audience: "svc" });
    expect(config.key).to.deep.include({ kind: "secret", source: "SVC_JWT_SECRET" });
  });

  it("a secret shorter than 32 bytes is refused, naming the variable but not the value", () => {
    const error = configError({ SVC_JWT_SECRET: "short-secret-value" });
    expect(error.message).to.contain("SVC_JWT_SECRET").and.contain("at least 32 bytes");
    expect(error.message).to.not.contain("short-secret-value");
  });

  it("no key variable: the local secret is used as HS256; without one, an error says what to set", () => {
    const config = readAuthConfig({}, SECRET);
    expect(config.key).to.deep.include({ kind: "secret", source: "local-secret" });
    expect(config.algorithms).to.deep.equal(["HS256"]);
    expect(configError({}).message).to.contain("SVC_JWT_SECRET, SVC_JWT_PUBLIC_KEY, SVC_JWKS_URL");
    expect(configError({}, new Uint8Array(8)).message).to.contain("at least 32 bytes");
  });

  it("an empty variable counts as unset", () => {
    expect(readAuthConfig({ SVC_JWT_SECRET: "", SVC_JWT_ISSUER: " " }, SECRET).key).to.deep.include({ source: "local-secret" });
    expect(readAuthConfig({ SVC_JWT_ISSUER: "" }, SECRET)).to.not.have.property("issuer");
  });

  it("more than one key variable is an error naming them", async () => {
    const error = configError({ SVC_JWT_SECRET: SECRET_TEXT, SVC_JWKS_URL: "https://id.example/jwks" });
    expect(error.message).to.contain("SVC_JWT_SECRET and SVC_JWKS_URL");
  });

  it("SVC_JWT_PUBLIC_KEY: the key type decides the algorithm (ES256, RS256, EdDSA)", async () => {
    const ec = await exportSPKI((await generateKeyPair("ES256", { extractable: true })).publicKey);
    expect(readAuthConfig({ SVC_JWT_PUBLIC_KEY: ec }).algorithms).to.deep.equal(["ES256"]);
    expect(readAuthConfig({ SVC_JWT_PUBLIC_KEY: spkiOf("rsa", { modulusLength: 2048 }) }).algorithms).to.deep.equal(["RS256"]);
    expect(readAuthConfig({ SVC_JWT_PUBLIC_KEY: spkiOf("ed25519", {}) }).algorithms).to.deep.equal(["EdDSA"]);
  });

  it("a one-line PEM with \\n escapes is accepted", async () => {
    const ec = await exportSPKI((await generateKeyPair("ES256", { extractable: true })).publicKey);
    expect(readAuthConfig({ SVC_JWT_PUBLIC_KEY: ec.trim().replace(/\n/g, "\\n") }).algorithms).to.deep.equal(["ES256"]);
  });

  it("refused public keys: a private key, not a PEM, a weak RSA key, another EC curve", () => {
    const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const privatePem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    expect(configError({ SVC_JWT_PUBLIC_KEY: privatePem }).message).to.match(/SVC_JWT_PUBLIC_KEY .*private key/);
    expect(configError({ SVC_JWT_PUBLIC_KEY: "not a key" }).message).to.contain("-----BEGIN PUBLIC KEY-----");
    expect(configError({ SVC_JWT_PUBLIC_KEY: "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----" }).message).to.contain("cannot be read");
    expect(configError({ SVC_JWT_PUBLIC_KEY: spkiOf("rsa", { modulusLength: 1024 }) }).message).to.contain("at least 2048 bits");
    expect(configError({ SVC_JWT_PUBLIC_KEY: spkiOf("ec", { namedCurve: "P-384" }) }).message).to.contain("only P-256");
  });

  it("SVC_JWKS_URL: https, or http to loopback only; ES256, RS256 and EdDSA allowed", () => {
    const config = readAuthConfig({ SVC_JWKS_URL: "https://id.example/.well-known/jwks.json" });
    expect(config.algorithms).to.deep.equal(["ES256", "RS256", "EdDSA"]);
    expect(config.key.kind).to.equal("jwks");
    for (const url of ["http://127.0.0.1:9000/jwks", "http://localhost/jwks", "http://[::1]:8080/jwks"]) {
      expect(readAuthConfig({ SVC_JWKS_URL: url }).key.kind, url).to.equal("jwks");
    }
    expect(configError({ SVC_JWKS_URL: "http://id.example/jwks" }).message).to.contain("must use https");
    expect(configError({ SVC_JWKS_URL: "file:///etc/jwks" }).message).to.contain("must use https");
    expect(configError({ SVC_JWKS_URL: "not a url" }).message).to.contain("SVC_JWKS_URL is not a URL");
  });
});
