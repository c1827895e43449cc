// Token time over HTTP (docs/auth.md "Claims"): a token issued in the future beyond the clock
// tolerance is refused like an expired one, with the usual 401 envelope.
import { expect } from "chai";
import { CLOCK_TOLERANCE_SECONDS } from "../../runtime/auth/jwt-verifier.js";
import { mintToken } from "../../runtime/auth/mint-token.js";
import { SECRET, startHttpFixture, type HttpFixture } from "./http-fixture.js";

describe("token time over HTTP", () => {
  let f: HttpFixture;
  beforeEach(async () => (f = await startHttpFixture()));
  afterEach(() => f.close());

  it("issue 16.8: a token whose iat is ahead of the service's clock beyond the tolerance answers 401", async () => {
    const ahead = (CLOCK_TOLERANCE_SECONDS + 60) * 1000;
    const token = await mintToken(SECRET, { sub: "from-the-future", role: "Admin", ttlSeconds: 3600 }, f.time.now() + ahead);
    const reply = await f.request("GET", "/api/rules", { token });
    expect(reply.status).to.equal(401);
    expect(reply.json).to.deep.include({ success: false });
    expect(reply.json.error).to.include({ code: "unauthenticated", message: "the token's iat claim is in the future" });
    const fine = await mintToken(SECRET, { sub: "on-time", role: "Admin", ttlSeconds: 3600 }, f.time.now());
    expect((await f.request("GET", "/api/rules", { token: fine })).status).to.equal(200);
  });
});
