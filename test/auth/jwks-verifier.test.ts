// SVC_JWKS_URL: keys fetched from an identity provider (here a loopback server on port 0). The
// token's kid selects the key; an unreachable provider is a 401, not a 500 or a hang.
import { expect } from "chai";
import { exportJWK, generateKeyPair, type CryptoKey } from "jose";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { readAuthConfig } from "../../runtime/auth/auth-config.js";
import { createJwtVerifier } from "../../runtime/auth/jwt-verifier.js";
import { clock, expectUnauthenticated, SECRET, signRaw, validClaims } from "./auth-fixtures.js";

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`)));
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

describe("auth: JWT verifier (JWKS over loopback HTTP)", () => {
  let server: Server;
  let url: string;
  let privateKey: CryptoKey;
  let requests = 0;

  before(async () => {
    const pair = await generateKeyPair("ES256", { extractable: true });
    privateKey = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: "key-1", alg: "ES256", use: "sig" };
    server = createServer((_req, res) => {
      requests += 1;
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ keys: [jwk] }));
    });
    url = await listen(server);
  });
  after(() => close(server));

  it("a token whose kid is in the JWKS verifies; the key set is fetched once and cached", async () => {
    const verifier = createJwtVerifier(readAuthConfig({ SVC_JWKS_URL: url }), clock);
    const before = requests;
    for (const sub of ["alice", "bob"]) {
      const identity = await verifier.verify(await signRaw(validClaims({ sub }), privateKey, "ES256", "key-1"));
      expect(identity.subject).to.equal(sub);
    }
    expect(requests - before).to.equal(1);
  });

  it("a token signed by a key not in the JWKS: 401", async () => {
    const other = await generateKeyPair("ES256");
    const verifier = createJwtVerifier(readAuthConfig({ SVC_JWKS_URL: url }), clock);
    await expectUnauthenticated(verifier.verify(await signRaw(validClaims(), other.privateKey, "ES256", "key-1")), /signature is not valid/);
    await expectUnauthenticated(verifier.verify(await signRaw(validClaims(), other.privateKey, "ES256", "key-2")), /no key of the identity provider/);
  });

  it("an HS256 token against a JWKS: 401 'algorithm is not accepted'", async () => {
    const verifier = createJwtVerifier(readAuthConfig({ SVC_JWKS_URL: url }), clock);
    await expectUnauthenticated(verifier.verify(await signRaw(validClaims(), SECRET, "HS256", "key-1")), /algorithm is not accepted/);
  });

  it("an identity provider that cannot be reached: 401, not a 500", async () => {
    const gone = createServer();
    const goneUrl = await listen(gone);
    await close(gone); // the port is now closed: the connection is refused at once
    const verifier = createJwtVerifier(readAuthConfig({ SVC_JWKS_URL: goneUrl }), clock);
    await expectUnauthenticated(verifier.verify(await signRaw(validClaims(), privateKey, "ES256", "key-1")), /^the identity provider.s keys could not be loaded$/);
  });
});
