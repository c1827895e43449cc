// Issue 5 item 2: the start-up log tells the user how to mint a token when the server uses its
// own secret, says whether the configured bearer is on, and never prints a secret.
import { expect } from "chai";
import { readAuthConfig } from "../../runtime/auth/auth-config.js";
import { createConfiguredBearer } from "../../runtime/auth/configured-bearer.js";
import { describeAuthStartup, MINT_COMMAND } from "../../runtime/auth/startup-notes.js";
import { SECRET, SECRET_TEXT } from "./auth-fixtures.js";

const BEARER_ENV = {
  SVC_CLOUD_API_BEARER_TOKEN: "opaque-bearer-token-1234",
  SVC_CLOUD_API_TENANT_ID: "t",
  SVC_CLOUD_API_PROJECT_ID: "p",
  SVC_CLOUD_API_SUBJECT_ID: "reader",
  SVC_CLOUD_API_PERMISSIONS: "audit.event.read,audit.events.read",
};

describe("auth: start-up notes", () => {
  it("a created local secret: says where it is and how to mint a token, without the secret", () => {
    const lines = describeAuthStartup({ config: readAuthConfig({}, SECRET), bearer: createConfiguredBearer({}), localSecretPath: "var/jwt-secret", created: true });
    const text = lines.join("\n");
    expect(text).to.contain("var/jwt-secret (created now").and.contain(MINT_COMMAND);
    expect(text).to.not.contain(SECRET_TEXT);
    expect(text).to.contain("configured bearer is off (not set: SVC_CLOUD_API_BEARER_TOKEN");
  });

  it("issue 17 (new-user trial): with SVC_VAR_DIR, the mint command names it, so that svc token finds the service's secret", () => {
    const facts = { config: readAuthConfig({}, SECRET), bearer: createConfiguredBearer({}), localSecretPath: "/tmp/x y/jwt-secret" };
    expect(describeAuthStartup({ ...facts, varDir: "/tmp/svc-var" }).join("\n")).to.contain("export SVC_ACCESS_TOKEN=$(SVC_VAR_DIR=/tmp/svc-var npm run -s svc -- token --role Engineer --sub alice)");
    expect(describeAuthStartup({ ...facts, varDir: "/tmp/x y" }).join("\n")).to.contain("$(SVC_VAR_DIR='/tmp/x y' npm run");
    expect(describeAuthStartup({ ...facts, varDir: "var" }).join("\n")).to.contain(MINT_COMMAND);
  });

  it("SVC_JWT_SECRET with issuer: names the variable, not the value, and the configured bearer without its token", () => {
    const config = readAuthConfig({ SVC_JWT_SECRET: SECRET_TEXT, SVC_JWT_ISSUER: "https://id.example" });
    const text = describeAuthStartup({ config, bearer: createConfiguredBearer(BEARER_ENV) }).join("\n");
    expect(text).to.contain("signed with SVC_JWT_SECRET, issuer checked");
    expect(text).to.not.contain(SECRET_TEXT).and.not.contain(BEARER_ENV.SVC_CLOUD_API_BEARER_TOKEN);
    expect(text).to.contain("ignored: audit.events.read");
  });

  it("a JWKS: points to the identity provider and offers no mint command", () => {
    const config = readAuthConfig({ SVC_JWKS_URL: "https://id.example/.well-known/jwks.json?k=v" });
    const text = describeAuthStartup({ config, bearer: createConfiguredBearer({}) }).join("\n");
    expect(text).to.contain("https://id.example/.well-known/jwks.json;").and.contain("identity provider");
    expect(text).to.not.contain("svc -- token");
  });
});
