// From the Authorization header to an identity (rules-service.md and control-plane.md
// "Authentication"), and from an identity to a 403 naming the missing permission.
import { expect } from "chai";
import { readAuthConfig } from "../../runtime/auth/auth-config.js";
import { authorize, createAuthenticator } from "../../runtime/auth/authenticator.js";
import { createConfiguredBearer } from "../../runtime/auth/configured-bearer.js";
import { createJwtVerifier } from "../../runtime/auth/jwt-verifier.js";
import { ServiceError } from "../../runtime/errors.js";
import { clock, expectUnauthenticated, SECRET_TEXT, signRaw, validClaims } from "./auth-fixtures.js";

const BEARER = "opaque-bearer-token-1234";
const bearer = createConfiguredBearer({
  SVC_CLOUD_API_BEARER_TOKEN: BEARER,
  SVC_CLOUD_API_TENANT_ID: "t",
  SVC_CLOUD_API_PROJECT_ID: "p",
  SVC_CLOUD_API_SUBJECT_ID: "reader",
  SVC_CLOUD_API_PERMISSIONS: "audit.event.read",
});
const verifier = createJwtVerifier(readAuthConfig({ SVC_JWT_SECRET: SECRET_TEXT }), clock);
const auth = createAuthenticator({ verifier, bearer });
const RULES = { configuredBearer: false };
const AUDIT = { configuredBearer: true };

function denial(run: () => void): ServiceError {
  try {
    run();
  } catch (error) {
    expect(error).to.be.instanceOf(ServiceError);
    return error as ServiceError;
  }
  expect.fail("expected a permission-denied error");
}

describe("auth: authenticate (the Authorization header)", () => {
  it("missing token: 401 saying how to send one", async () => {
    await expectUnauthenticated(auth.authenticate(undefined, RULES), /Authorization: Bearer <token>/);
    await expectUnauthenticated(auth.authenticate("   ", RULES), /missing credentials/);
  });

  it("another scheme or no token after Bearer: 401", async () => {
    await expectUnauthenticated(auth.authenticate("Basic YWxpY2U6c2VjcmV0", RULES), /Bearer scheme/);
    await expectUnauthenticated(auth.authenticate("Bearer", RULES), /no token/);
    await expectUnauthenticated(auth.authenticate("Bearer    ", RULES), /missing credentials|no token/);
  });

  it("a valid JWT, with the scheme in any case", async () => {
    const token = await signRaw(validClaims());
    for (const header of [`Bearer ${token}`, `bearer ${token}`, `BEARER  ${token} `]) {
      expect((await auth.authenticate(header, RULES)).subject).to.equal("alice");
    }
  });

  it("audit routes accept the configured bearer and JWTs", async () => {
    expect(await auth.authenticate(`Bearer ${BEARER}`, AUDIT)).to.deep.include({ subject: "reader", via: "configured-bearer" });
    expect(await auth.authenticate(`Bearer ${await signRaw(validClaims({ role: "Admin" }))}`, AUDIT)).to.deep.include({ role: "Admin", via: "jwt" });
  });

  it("rule routes do not accept the configured bearer: it is not a JWT", async () => {
    await expectUnauthenticated(auth.authenticate(`Bearer ${BEARER}`, RULES), /malformed/, BEARER);
  });

  it("an unconfigured bearer denies its token on audit routes too", async () => {
    const unconfigured = createAuthenticator({ verifier, bearer: createConfiguredBearer({}) });
    await expectUnauthenticated(unconfigured.authenticate(`Bearer ${BEARER}`, AUDIT), /malformed/);
  });
});

describe("auth: authorize (roles and permissions)", () => {
  it("Viewer mutating: 403 naming the permission", async () => {
    const viewer = await verifier.verify(await signRaw(validClaims({ role: "Viewer" })));
    authorize(viewer, "rule.read");
    const error = denial(() => authorize(viewer, "rule.write"));
    expect(error).to.include({ code: "permission-denied", status: 403 });
    expect(error.message).to.contain("rule.write").and.contain("Viewer");
  });

  it("Engineer may mutate but not read audit; Admin may read audit", async () => {
    const engineer = await verifier.verify(await signRaw(validClaims({ role: "Engineer" })));
    authorize(engineer, "rule.write");
    authorize(engineer, "scheduler.reload");
    expect(denial(() => authorize(engineer, "audit.event.read")).message).to.contain("audit.event.read");
    authorize(await verifier.verify(await signRaw(validClaims({ role: "Admin" }))), "audit.event.read");
  });

  it("the configured bearer holds only its configured permissions", async () => {
    const identity = await auth.authenticate(`Bearer ${BEARER}`, AUDIT);
    authorize(identity, "audit.event.read");
    expect(denial(() => authorize(identity, "rule.write")).message).to.contain("the configured bearer");
  });
});
