// Attacks on the service's sockets from outside, against `svc serve` in a child process (a crash
// ends the child, not this run): upgrade requests reset at once, and malformed WebSocket frames
// on the live history socket. The service must survive each and keep answering.
import { expect } from "chai";
import { maskedFrame, openRaw, resetUpgrades } from "../helpers/raw-websocket.js";
import { startServiceChild, type ServiceChild } from "../helpers/service-child.js";

const LIVE = "/api/history/live";

describe("hostile sockets against svc serve (child process)", function () {
  this.timeout(60_000);
  let svc: ServiceChild;
  beforeEach(async () => (svc = await startServiceChild()));
  afterEach(() => svc.stop());

  describe("issue 16.1: upgrade requests followed at once by a TCP reset", () => {
    const cases: [string, string, boolean][] = [
      ["the live path without a token", LIVE, false],
      ["the live path with a valid token", LIVE, true],
      ["another API path with a valid token", "/api/rules", true],
      ["an unknown path without a token", "/no/such/socket", false],
    ];
    for (const [name, path, withToken] of cases) {
      it(`issue 16.1: 500 reset upgrades to ${name} leave the service alive and answering`, async () => {
        const token = withToken ? await svc.token("Viewer") : undefined;
        await resetUpgrades(svc.port, path, { count: 500, parallel: 20, ...(token !== undefined ? { token } : {}) });
        expect(await svc.answers(), svc.output()).to.equal(true);
      });
    }
  });

  it("issue 16.2 (audit): an upgrade request whose target is not a valid URL path (//[) answers 400 and the service survives", async () => {
    const refused = await openRaw(svc.port, "//[", await svc.token("Viewer")).then(
      () => "upgraded",
      (error: Error) => error.message,
    );
    expect(refused).to.equal("upgrade refused: HTTP/1.1 400 Bad Request");
    expect(await svc.answers(), svc.output()).to.equal(true);
  });

  describe("issue 16.2: one malformed frame on the live history socket", () => {
    const frames: [string, Buffer, number][] = [
      ["an unmasked client frame (81 05 68 65 6c 6c 6f)", Buffer.from([0x81, 0x05, 0x68, 0x65, 0x6c, 0x6c, 0x6f]), 1002],
      ["a frame over the 4096-byte limit", maskedFrame(0x81, Buffer.alloc(5000, 0x61)), 1009],
      ["a reserved opcode (3)", maskedFrame(0x83, [0x61]), 1002],
      ["a text frame of invalid UTF-8", maskedFrame(0x81, [0xff, 0xfe, 0xfd]), 1007],
      ["RSV1 without a negotiated extension", maskedFrame(0xc1, [0x61]), 1002],
      ["a close frame with code 999", maskedFrame(0x88, [0x03, 0xe7]), 1002],
      ["a fragmented control frame (ping without FIN)", maskedFrame(0x09, [0x61]), 1002],
    ];
    for (const [name, frame, code] of frames) {
      it(`issue 16.2: ${name} closes that connection with ${code}; the service survives (Viewer token)`, async () => {
        const ws = await openRaw(svc.port, LIVE, await svc.token("Viewer"));
        ws.write(frame);
        expect(await ws.closeCode()).to.deep.equal({ code, ended: true });
        expect(await svc.answers(), svc.output()).to.equal(true);
        const next = await openRaw(svc.port, LIVE, await svc.token("Viewer"));
        next.socket.destroy();
      });
    }
  });
});
