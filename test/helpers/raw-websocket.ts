// A WebSocket client at the byte level, for what a well-behaved client library never sends:
// upgrade requests reset at once, and hand-made (malformed) frames after a real handshake.
import { randomBytes } from "node:crypto";
import { connect, type Socket } from "node:net";

/** The bytes of an upgrade request for `path` (a token becomes the Authorization header). */
export function upgradeRequest(port: number, path: string, token?: string): string {
  const lines = [
    `GET ${path} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    "Upgrade: websocket",
    "Connection: Upgrade",
    `Sec-WebSocket-Key: ${randomBytes(16).toString("base64")}`,
    "Sec-WebSocket-Version: 13",
    ...(token !== undefined ? [`Authorization: Bearer ${token}`] : []),
  ];
  return `${lines.join("\r\n")}\r\n\r\n`;
}

/**
 * Sends `count` upgrade requests, each followed at once by a TCP reset (RST, not FIN), `parallel`
 * at a time. Resolves when every connection is gone; refused connections count as sent.
 */
export async function resetUpgrades(port: number, path: string, options: { count: number; parallel: number; token?: string }): Promise<void> {
  const one = () =>
    new Promise<void>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      socket.on("error", () => undefined);
      socket.once("close", () => resolve());
      socket.once("connect", () => {
        socket.write(upgradeRequest(port, path, options.token));
        socket.resetAndDestroy();
      });
    });
  for (let sent = 0; sent < options.count; sent += options.parallel) {
    await Promise.all(Array.from({ length: Math.min(options.parallel, options.count - sent) }, one));
  }
}

export interface RawWebSocket {
  socket: Socket;
  /** Writes raw bytes (a frame or part of one). */
  write(bytes: number[] | Buffer): void;
  /** The code of the server's close frame and whether the connection then ended (bounded by 3 s). */
  closeCode(): Promise<{ code: number | undefined; ended: boolean }>;
}

/** Opens `path` with a completed handshake (101), or rejects with the status line it got (`path` is sent as is). */
export function openRaw(port: number, path: string, token: string): Promise<RawWebSocket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let received = Buffer.alloc(0);
    let ended = false;
    let upgraded = false;
    const closeWaiters: (() => void)[] = [];
    socket.on("error", (error) => {
      if (!upgraded) reject(error);
    });
    socket.on("close", () => {
      ended = true;
      if (!upgraded) reject(new Error("the connection closed without an answer"));
      for (const wake of closeWaiters.splice(0)) wake();
    });
    socket.once("connect", () => socket.write(upgradeRequest(port, path, token)));
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (upgraded) return;
      const end = received.indexOf("\r\n\r\n");
      if (end < 0) return;
      const status = received.subarray(0, received.indexOf("\r\n")).toString();
      if (!/^HTTP\/1\.1 101 /.test(status)) return reject(new Error(`upgrade refused: ${status}`));
      upgraded = true;
      received = received.subarray(end + 4);
      resolve({
        socket,
        write: (bytes) => socket.write(Buffer.from(bytes)),
        closeCode: () =>
          new Promise((done) => {
            const timer = setTimeout(finish, 3000);
            function finish() {
              clearTimeout(timer);
              done({ code: closeCodeOf(received), ended });
            }
            if (ended) finish();
            else closeWaiters.push(finish);
          }),
      });
    });
  });
}

/** The status code of the first close frame among the server's (unmasked) frames. */
function closeCodeOf(bytes: Buffer): number | undefined {
  let at = 0;
  while (at + 2 <= bytes.length) {
    const opcode = bytes[at]! & 0x0f;
    let length = bytes[at + 1]! & 0x7f;
    let header = 2;
    if (length === 126) {
      length = bytes.readUInt16BE(at + 2);
      header = 4;
    } else if (length === 127) {
      length = Number(bytes.readBigUInt64BE(at + 2));
      header = 10;
    }
    if (opcode === 0x8) return length >= 2 ? bytes.readUInt16BE(at + header) : undefined;
    at += header + length;
  }
  return undefined;
}

/** A client frame with the given first byte and payload, masked as RFC 6455 requires of clients. */
export function maskedFrame(firstByte: number, payload: number[] | Buffer): Buffer {
  const data = Buffer.from(payload);
  const mask = randomBytes(4);
  const length = data.length < 126 ? Buffer.from([0x80 | data.length]) : Buffer.from([0x80 | 126, data.length >> 8, data.length & 0xff]);
  const masked = Buffer.from(data.map((b, i) => b ^ mask[i % 4]!));
  return Buffer.concat([Buffer.from([firstByte]), length, mask, masked]);
}
