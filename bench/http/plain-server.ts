// The baseline: a plain node:http server that answers the same bytes the service answered, from
// memory (no Koa, no auth, no store). A PUT is read to the end and parsed with JSON.parse, the
// least any JSON API does with a body.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface PlainReplies {
  /** The body of GET /api/rules/{id}, as the service sent it. */
  get: Buffer;
  /** The body of PUT /api/rules/{id}, as the service sent it. */
  put: Buffer;
}

export interface PlainServer {
  url: string;
  close(): Promise<void>;
}

export async function startPlainServer(replies: PlainReplies): Promise<PlainServer> {
  const server = createServer((req, res) => {
    const answer = (status: number, body: Buffer): void => {
      res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": body.length });
      res.end(body);
    };
    if (req.method === "GET") return answer(200, replies.get);
    if (req.method !== "PUT") return answer(405, Buffer.from("{}"));
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      try {
        JSON.parse(Buffer.concat(chunks).toString("utf8"));
        answer(200, replies.put);
      } catch {
        answer(400, Buffer.from("{}"));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
