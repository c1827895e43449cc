// Every way a token can fail (ARCHITECTURE.md "HTTP decisions": allow-listed algorithms, exp
// required, issuer/audience when configured, explicit clock tolerance; PITFALLS.md "jose 6") is
// a 401 with a safe message, and a valid token becomes the identity its claims say.
import { expect } from "chai";
import { exportSPKI, generateKeyPair, type CryptoKey } from "jose";
import { readAuthConfig, type AuthConfig } from "../../runtime/auth/auth-config.js";
import { CLOCK_TOLERANCE_SECONDS, createJwtVerifier } from "../../runtime/auth/jwt-verifier.js";
import { mintToken } from "../../runtime/auth/mint-token.js";
import { clock, expectUnauthenticated, NOW, NOW_SECONDS, SECRET, SECRET_TEXT, signRaw, unsignedToken, validClaims } from "./auth-fixtures.js";

describe("auth: JWT verifier (HS256 secret)", () => {
  const verifier = createJwtVerifier(readAuthConfig({ SVC_JWT_SECRET: SECRET_TEXT }), clock);

  it("a valid token gives the identity of its claims, with the role's permissions", async () => {
    const token = await signRaw(validClaims({ tenant: "acme", project: "plant-7" }));
    const identity = await verifier.verify(token);
    expect(identity).to.deep.include({ subject: "alice", role: "Engineer", tenantId: "acme", projectId: "plant-7", via: "jwt" });
    expect([...identity.permissions].sort()).to.deep.equal(["data_processing.read", "data_processing.run", "rule.execute", "rule.read", "rule.write", "scheduler.reload"]);
  });

  it("without tenant and project claims the identity is in the default tenant and project", async () => {
    const identity = await verifier.verify(await signRaw(validClaims({ role: "Viewer" })));
    expect(identity).to.deep.include({ tenantId: "default", projectId: "default", role: "Viewer" });
    expect([...identity.permissions]).to.deep.equal(["rule.read", "data_processing.read"]);
  });

  it("a token minted by mintToken verifies, carrying sub, role and exp = iat + ttl", async () => {
    const token = await mintToken(SECRET, { sub: "bob", role: "Admin", ttlSeconds: 600 }, NOW);
    const identity = await verifier.verify(token);
    expect(identity).to.deep.include({ subject: "bob", role: "Admin" });
    expect(identity.permissions.has("audit.event.read")).to.equal(true);
    const payload = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as Record<string, number>;
    expect(payload.exp! - payload.iat!).to.equal(600);
  });

  it("expired token: 401 'the token has expired'", async () => {
    const token = await signRaw(validClaims({ exp: NOW_SECONDS - CLOCK_TOLERANCE_SECONDS - 1 }));
    await expectUnauthenticated(verifier.verify(token), /^the token has expired$/, token);
  });

  it(`clock tolerance is ${CLOCK_TOLERANCE_SECONDS} s: a token expired that recently still passes`, async () => {
    const identity = await verifier.verify(await signRaw(validClaims({ exp: NOW_SECONDS - CLOCK_TOLERANCE_SECONDS + 1 })));
    expect(identity.subject).to.equal("alice");
  });

  it("time comes from the injected clock, not the machine", async () => {
    const token = await signRaw(validClaims());
    const later = createJwtVerifier(readAuthConfig({ SVC_JWT_SECRET: SECRET_TEXT }), { now: () => NOW + 2 * 3600_000 });
    await expectUnauthenticated(later.verify(token), /expired/);
  });

  it("not yet valid (nbf in the future): 401", async () => {
    const token = await signRaw(validClaims({ nbf: NOW_SECONDS + 60 }));
    await expectUnauthenticated(verifier.verify(token), /^the token is not yet valid$/, token);
  });

  it("issue 16.8: iat in the future beyond the clock tolerance: 401 naming the iat claim", async () => {
    const token = await signRaw(validClaims({ iat: NOW_SECONDS + CLOCK_TOLERANCE_SECONDS + 1 }));
    await expectUnauthenticated(verifier.verify(token), /^the token's iat claim is in the future$/, token);
    const farFuture = await signRaw(validClaims({ iat: NOW_SECONDS + 365 * 86_400, exp: NOW_SECONDS + 366 * 86_400 }));
    await expectUnauthenticated(verifier.verify(farFuture), /^the token's iat claim is in the future$/, farFuture);
  });

  it(`issue 16.8: iat up to ${CLOCK_TOLERANCE_SECONDS} s ahead (clock skew) or absent still passes`, async () => {
    expect((await verifier.verify(await signRaw(validClaims({ iat: NOW_SECONDS + CLOCK_TOLERANCE_SECONDS })))).subject).to.equal("alice");
    const { iat: _iat, ...claims } = validClaims();
    expect((await verifier.verify(await signRaw(claims))).subject).to.equal("alice");
  });

  it("the identity says when its token stops being accepted: exp plus the clock tolerance", async () => {
    const identity = await verifier.verify(await signRaw(validClaims({ exp: NOW_SECONDS + 60 })));
    expect(identity.expiresAt).to.equal(NOW + 60_000 + CLOCK_TOLERANCE_SECONDS * 1000);
  });

  it("missing exp: 401, even though jose alone would accept it", async () => {
    const { exp: _exp, ...claims } = validClaims();
    const token = await signRaw(claims);
    await expectUnauthenticated(verifier.verify(token), /^the token has no exp claim$/, token);
  });

  it("missing sub or role: 401", async () => {
    const { sub: _sub, ...noSub } = validClaims();
    const { role: _role, ...noRole } = validClaims();
    await expectUnauthenticated(verifier.verify(await signRaw(noSub)), /no sub claim/);
    await expectUnauthenticated(verifier.verify(await signRaw(noRole)), /no role claim/);
    await expectUnauthenticated(verifier.verify(await signRaw(validClaims({ sub: "" }))), /sub claim must be a non-empty string/);
  });

  it("unknown role: 401 naming the accepted roles", async () => {
    const token = await signRaw(validClaims({ role: "Root" }));
    await expectUnauthenticated(verifier.verify(token), /role claim must be one of Admin, Engineer, Viewer/, token);
  });

  it("a tenant claim that is not a string: 401", async () => {
    await expectUnauthenticated(verifier.verify(await signRaw(validClaims({ tenant: 42 }))), /tenant claim must be a non-empty string/);
  });

  it("alg: none: 401 'algorithm is not accepted'", async () => {
    const token = unsignedToken(validClaims());
    await expectUnauthenticated(verifier.verify(token), /^the token's algorithm is not accepted$/, token);
  });

  it("an algorithm outside the allow-list (HS512 with the same secret): 401", async () => {
    const token = await signRaw(validClaims(), SECRET, "HS512");
    await expectUnauthenticated(verifier.verify(token), /algorithm is not accepted/, token);
  });

  it("tampered signature: 401 'signature is not valid'", async () => {
    const [header, payload, signature] = (await signRaw(validClaims())).split(".");
    const flipped = `${signature![0] === "A" ? "B" : "A"}${signature!.slice(1)}`;
    const token = `${header}.${payload}.${flipped}`;
    await expectUnauthenticated(verifier.verify(token), /^the token's signature is not valid$/, token);
  });

  it("a payload changed after signing (role raised to Admin): 401", async () => {
    const [header, , signature] = (await signRaw(validClaims())).split(".");
    const raised = Buffer.from(JSON.stringify(validClaims({ role: "Admin" }))).toString("base64url");
    await expectUnauthenticated(verifier.verify(`${header}.${raised}.${signature}`), /signature is not valid/);
  });

  it("signed with another secret: 401", async () => {
    const token = await signRaw(validClaims(), new TextEncoder().encode("another-secret-that-is-32-bytes-long!!"));
    await expectUnauthenticated(verifier.verify(token), /signature is not valid/, token);
  });

  it("malformed tokens: 401 'malformed', never a 500", async () => {
    for (const token of ["abc", "a.b.c", "....", `${Buffer.from("{}").toString("base64url")}.e30.`]) {
      await expectUnauthenticated(verifier.verify(token), /^the token is malformed/, token);
    }
  });
});

describe("auth: JWT verifier, issuer and audience when configured", () => {
  const config = readAuthConfig({ SVC_JWT_SECRET: SECRET_TEXT, SVC_JWT_ISSUER: "https://id.example", SVC_JWT_AUDIENCE: "svc" });
  const verifier = createJwtVerifier(config, clock);

  it("accepts the configured issuer and audience", async () => {
    const identity = await verifier.verify(await signRaw(validClaims({ iss: "https://id.example", aud: "svc" })));
    expect(identity.subject).to.equal("alice");
  });

  it("wrong issuer: 401", async () => {
    await expectUnauthenticated(verifier.verify(await signRaw(validClaims({ iss: "https://evil.example", aud: "svc" }))), /^the token's issuer is not accepted$/);
  });

  it("wrong audience: 401", async () => {
    await expectUnauthenticated(verifier.verify(await signRaw(validClaims({ iss: "https://id.example", aud: "other" }))), /^the token's audience is not accepted$/);
  });

  it("no issuer at all when one is configured: 401", async () => {
    await expectUnauthenticated(verifier.verify(await signRaw(validClaims({ aud: "svc" }))), /no iss claim/);
  });

  it("mintToken writes issuer and audience so that the token verifies", async () => {
    const token = await mintToken(SECRET, { sub: "carol", role: "Viewer", ttlSeconds: 60, issuer: config.issuer, audience: config.audience }, NOW);
    expect((await verifier.verify(token)).subject).to.equal("carol");
  });
});

describe("auth: JWT verifier (ES256 public key)", () => {
  let config: AuthConfig;
  let privateKey: CryptoKey;
  before(async () => {
    const pair = await generateKeyPair("ES256", { extractable: true });
    privateKey = pair.privateKey;
    config = readAuthConfig({ SVC_JWT_PUBLIC_KEY: await exportSPKI(pair.publicKey) });
  });

  it("the key type decides the algorithm: ES256 only", () => {
    expect(config.algorithms).to.deep.equal(["ES256"]);
  });

  it("a token signed with the private key verifies", async () => {
    const identity = await createJwtVerifier(config, clock).verify(await signRaw(validClaims(), privateKey, "ES256"));
    expect(identity).to.deep.include({ subject: "alice", role: "Engineer" });
  });

  it("an HS256 token against the EC key: 401 'algorithm is not accepted'", async () => {
    const token = await signRaw(validClaims(), SECRET, "HS256");
    await expectUnauthenticated(createJwtVerifier(config, clock).verify(token), /^the token's algorithm is not accepted$/, token);
  });

  it("even with HS256 let through the allow-list, jose's plain TypeError becomes a 401, not a 500", async () => {
    const loose = createJwtVerifier({ ...config, algorithms: ["ES256", "HS256"] }, clock);
    await expectUnauthenticated(loose.verify(await signRaw(validClaims(), SECRET, "HS256")), /algorithm is not accepted/);
  });

  it("alg: none against the public key: 401", async () => {
    await expectUnauthenticated(createJwtVerifier(config, clock).verify(unsignedToken(validClaims())), /algorithm is not accepted/);
  });
});
