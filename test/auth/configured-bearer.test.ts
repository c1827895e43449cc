// control-plane.md "Authentication" 3-4: the configured bearer from SVC_CLOUD_API_*, compared
// in constant time; missing configuration denies every protected request.
import { expect } from "chai";
import { createConfiguredBearer } from "../../runtime/auth/configured-bearer.js";

const ENV = {
  SVC_CLOUD_API_BEARER_TOKEN: "opaque-bearer-token-1234",
  SVC_CLOUD_API_TENANT_ID: "tenant-a",
  SVC_CLOUD_API_PROJECT_ID: "project-b",
  SVC_CLOUD_API_SUBJECT_ID: "svc-reader",
  SVC_CLOUD_API_PERMISSIONS: "audit.event.read, rule.read",
};

describe("auth: configured bearer (control-plane.md Authentication)", () => {
  it("the configured token resolves to the configured subject, tenant, project and permissions", () => {
    const bearer = createConfiguredBearer(ENV);
    expect(bearer.configured).to.equal(true);
    const identity = bearer.match("opaque-bearer-token-1234");
    expect(identity).to.deep.include({ subject: "svc-reader", role: "bearer", tenantId: "tenant-a", projectId: "project-b", via: "configured-bearer" });
    expect([...identity!.permissions].sort()).to.deep.equal(["audit.event.read", "rule.read"]);
  });

  it("another token does not match, whatever its length (no throw from timingSafeEqual)", () => {
    const bearer = createConfiguredBearer(ENV);
    for (const token of ["", "x", "opaque-bearer-token-1235", "opaque-bearer-token-1234 ", "opaque-bearer-token-1234".repeat(10)]) {
      expect(bearer.match(token), JSON.stringify(token)).to.equal(undefined);
    }
  });

  it("configuration missing or empty: not configured, and even the right token is denied", () => {
    for (const name of Object.keys(ENV)) {
      for (const value of [undefined, "", "  "]) {
        const bearer = createConfiguredBearer({ ...ENV, [name]: value });
        expect(bearer.configured, name).to.equal(false);
        expect(bearer.missing).to.deep.equal([name]);
        expect(bearer.match(ENV.SVC_CLOUD_API_BEARER_TOKEN), name).to.equal(undefined);
      }
    }
    expect(createConfiguredBearer({}).missing).to.have.length(5);
  });

  it("permission names this service does not know are ignored and reported", () => {
    const bearer = createConfiguredBearer({ ...ENV, SVC_CLOUD_API_PERMISSIONS: "audit.events.read,audit.event.read,,billing.read" });
    expect(bearer.ignoredPermissions).to.deep.equal(["audit.events.read", "billing.read"]);
    expect([...bearer.match(ENV.SVC_CLOUD_API_BEARER_TOKEN)!.permissions]).to.deep.equal(["audit.event.read"]);
  });
});
