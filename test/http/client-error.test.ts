// Requests Node's HTTP parser refuses before the app sees them (a malformed request line or
// header, headers over the limit) are answered in the API's JSON error envelope, and a peer that
// resets such a connection leaves the service answering.
import { expect } from "chai";
import { connect } from "node:net";
import { startHttpFixture, type HttpFixture } from "./http-fixture.js";

/** Writes `bytes` on a fresh connection and collects everything until the server closes it (3 s at most). */
function exchange(f: HttpFixture, bytes: string): Promise<string> {
  const { port } = new URL(f.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1");
    let received = "";
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no close within 3 s; got: ${received.slice(0, 200)}`));
    }, 3000);
    socket.setEncoding("utf8").on("data", (t: string) => (received += t));
    socket.on("error", () => undefined);
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(received);
    });
    socket.on("connect", () => socket.write(bytes));
  });
}

function parse(answer: string): { status: number; type: string | undefined; correlationId: string | undefined; body: any } {
  const [head = "", body = ""] = answer.split("\r\n\r\n");
  const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(head)?.[1]);
  const type = /^content-type: (.*)$/im.exec(head)?.[1];
  const correlationId = /^x-correlation-id: (.*)$/im.exec(head)?.[1];
  return { status, type, correlationId, body: body === "" ? undefined : JSON.parse(body) };
}

describe("requests the HTTP parser refuses", () => {
  let f: HttpFixture;
  beforeEach(async () => (f = await startHttpFixture()));
  afterEach(() => f.close());

  it("issue 16.2 (audit): a malformed request line or header answers 400 in the JSON envelope", async () => {
    for (const bytes of ["NOT HTTP AT ALL\r\n\r\n", "GET / HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n", "GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n"]) {
      const answer = parse(await exchange(f, bytes));
      expect(answer.status, bytes).to.equal(400);
      expect(answer.type).to.match(/^application\/json/);
      expect(answer.body).to.deep.equal({ success: false, error: { code: "invalid-input", message: "the request is not valid HTTP/1.1", correlationId: answer.correlationId } });
      // Like every answer (api.md): a correlation id in the header, repeated in the error body.
      expect(answer.correlationId).to.match(/^[\w-]{8,}$/);
    }
  });

  it("issue 16.4: a request target that is not a valid URL (GET http://[x/) is a 400 in the envelope, not a plain-text 500", async () => {
    for (const target of ["http://[x/", "http://[::1/api/rules"]) {
      const answer = parse(await exchange(f, `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`));
      expect(answer.status, target).to.equal(400);
      expect(answer.type).to.match(/^application\/json/);
      expect(answer.body.error).to.include({ code: "invalid-input", message: "the request target is not a valid path" });
    }
    expect(f.internalErrors).to.deep.equal([]);
  });

  it("issue 16.2 (audit): headers over the limit answer 431 in the JSON envelope", async () => {
    const answer = parse(await exchange(f, `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`));
    expect(answer.status).to.equal(431);
    expect(answer.body.error).to.include({ code: "invalid-input" });
    expect(answer.body.error.message).to.match(/headers/);
  });

  it("issue 16.2 (audit): malformed requests whose peer resets at once leave the service answering", async () => {
    const { port } = new URL(f.url);
    await Promise.all(
      Array.from(
        { length: 200 },
        () =>
          new Promise<void>((resolve) => {
            const socket = connect(Number(port), "127.0.0.1");
            socket.on("error", () => undefined);
            socket.once("close", () => resolve());
            socket.once("connect", () => {
              socket.write("BROKEN\r\n\r\n");
              socket.resetAndDestroy();
            });
          }),
      ),
    );
    expect((await f.request("GET", "/health")).status).to.equal(200);
  });

  it("issue 16.2 (audit): a client that sends its headers too slowly is answered 408 soon after the headers timeout, not up to 30 s later", async () => {
    const slow = await startHttpFixture({ headersTimeoutMs: 300, requestTimeoutMs: 600 });
    try {
      const { port } = new URL(slow.url);
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), "127.0.0.1");
        let received = "";
        // One header line every 100 ms, never the blank line that ends them: a slowloris.
        const drip = setInterval(() => socket.write(`X-Drip: ${Date.now()}\r\n`), 100);
        const timer = setTimeout(() => {
          clearInterval(drip);
          socket.destroy();
          reject(new Error(`the server held the connection for 5 s; got: ${received.slice(0, 100)}`));
        }, 5000);
        socket.setEncoding("utf8").on("data", (t: string) => (received += t));
        socket.on("error", () => undefined);
        socket.on("close", () => {
          clearInterval(drip);
          clearTimeout(timer);
          resolve(received);
        });
        socket.on("connect", () => socket.write("GET /health HTTP/1.1\r\nHost: x\r\n"));
      });
      expect(parse(answer).status).to.equal(408);
    } finally {
      await slow.close();
    }
  });
});
