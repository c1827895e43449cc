// A hostile test processor on 127.0.0.1, port 0: it records every connection and request it sees
// and answers the way the test says, including not at all, too slowly, too much, or by hanging
// up. Every timer it starts and every socket it accepts ends when it is closed, so no test can
// outlive its own bound.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Scene {
  /** Runs `fn` after `ms`, unless the processor is closed first. */
  later(ms: number, fn: () => void): void;
  /** Whether the response was torn down before it finished (the client hung up). */
  abandoned(): boolean;
}

export type Behaviour = (req: IncomingMessage, res: ServerResponse, scene: Scene) => void;

export interface HostileProcessor {
  /** Base URL, e.g. http://127.0.0.1:40123 */
  endpoint: string;
  received: ReceivedRequest[];
  /** TCP connections accepted so far. */
  connections(): number;
  /** Responses the client hung up on before they finished. */
  abandoned(): number;
  /** How to answer the next requests. */
  answer(behaviour: Behaviour): void;
  close(): Promise<void>;
}

export async function startHostileProcessor(): Promise<HostileProcessor> {
  const received: ReceivedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const sockets = new Set<Socket>();
  let connections = 0;
  let abandoned = 0;
  let behaviour: Behaviour = (_req, res) => void res.writeHead(500).end();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      let torn = false;
      res.on("close", () => {
        if (!res.writableFinished) {
          torn = true;
          abandoned++;
        }
      });
      const scene: Scene = {
        later(ms, fn) {
          const timer = setTimeout(() => {
            timers.delete(timer);
            if (!res.destroyed) fn();
          }, ms);
          timers.add(timer);
        },
        abandoned: () => torn,
      };
      behaviour(req, res, scene);
    });
  });
  server.on("connection", (socket: Socket) => {
    connections++;
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    received,
    connections: () => connections,
    abandoned: () => abandoned,
    answer(next) {
      behaviour = next;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export const MEDIA_TYPE = "application/vnd.svc.data-processing+json;version=1";

/** Answers with `body` serialised as JSON (or as given, when a string) in the processor media type unless told otherwise. */
export function json(status: number, body: unknown, headers: Record<string, string> = {}): Behaviour {
  return (_req, res) => {
    const text = typeof body === "string" ? body : JSON.stringify(body);
    res.writeHead(status, { "content-type": MEDIA_TYPE, ...headers });
    res.end(text);
  };
}

/** Answers with raw bytes. */
export function raw(status: number, bytes: Uint8Array | string, headers: Record<string, string> = {}): Behaviour {
  return (_req, res) => {
    res.writeHead(status, headers);
    res.end(bytes);
  };
}

/** Waits `ms` before behaving as `then`. */
export function slow(ms: number, then: Behaviour): Behaviour {
  return (req, res, scene) => scene.later(ms, () => then(req, res, scene));
}

/** Sends the headers of a 200 at once and then one byte every `everyMs`, never finishing on its own. */
export function trickle(everyMs: number): Behaviour {
  return (_req, res, scene) => {
    res.writeHead(200, { "content-type": MEDIA_TYPE });
    res.write("{");
    const tick = (): void => {
      res.write(" ");
      scene.later(everyMs, tick);
    };
    scene.later(everyMs, tick);
  };
}

/** A chunked 200 (no Content-Length) of `total` bytes of valid-looking JSON, 16 KiB at a time, as fast as the client reads. */
export function endlessJson(total: number): Behaviour {
  return (_req, res, scene) => {
    res.writeHead(200, { "content-type": MEDIA_TYPE });
    const chunk = Buffer.alloc(16 * 1024, 0x20);
    res.write('{"padding":"');
    let sent = 0;
    const pump = (): void => {
      while (sent < total && !scene.abandoned() && !res.destroyed) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once("drain", pump);
      }
      if (!res.destroyed) res.end('"}');
    };
    pump();
  };
}

/** Hangs up without answering. */
export function hangUp(): Behaviour {
  return (req) => void req.socket.destroy();
}

/** Sends the headers and half a body, then hangs up. */
export function hangUpMidBody(): Behaviour {
  return (req, res, scene) => {
    res.writeHead(200, { "content-type": MEDIA_TYPE });
    res.write('{"schema":"svc.data-processing.result.v1",');
    scene.later(20, () => req.socket.destroy());
  };
}
