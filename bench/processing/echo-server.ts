// The loopback baseline of a processor call: a plain node:http server that reads a POST body to
// the end and answers it back unchanged (no Koa, no checks, no model).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface EchoServer {
  url: string;
  close(): Promise<void>;
}

export async function startEchoServer(): Promise<EchoServer> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      res.writeHead(200, { "content-type": req.headers["content-type"] ?? "application/octet-stream", "content-length": body.length });
      res.end(body);
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
