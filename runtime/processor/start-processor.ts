// Starts the reference processor on a port: the only place it listens. Port 0 picks a free port
// (tests); the composition root passes SVC_PROCESSOR_PORT. Bounded timeouts, so a client that
// never finishes its request does not hold a connection forever.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createReferenceProcessor, type ReferenceProcessorOptions } from "./create-reference-processor.js";

export interface StartProcessorOptions extends ReferenceProcessorOptions {
  port: number;
  /** Default 127.0.0.1: frames are site data; listen elsewhere only on purpose. */
  host?: string;
  /** Default 30 s. */
  requestTimeoutMs?: number;
}

export interface RunningProcessor {
  server: Server;
  /** The base URL, e.g. http://127.0.0.1:8090 (the endpoint of a processor route). */
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startReferenceProcessor(options: StartProcessorOptions): Promise<RunningProcessor> {
  const { port, host = "127.0.0.1", requestTimeoutMs = 30_000, ...processorOptions } = options;
  // Node looks for requests past their timeouts every 30 s by default: check every second instead.
  const server = createServer({ connectionsCheckingInterval: 1000 }, createReferenceProcessor(processorOptions).callback());
  server.requestTimeout = requestTimeoutMs;
  server.headersTimeout = Math.min(10_000, requestTimeoutMs);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  // Once listening, a server error (accept failing, e.g. EMFILE) is reported: never a crash of the
  // process it is embedded in.
  server.on("error", (error) => processorOptions.onInternalError?.(error));
  const address = server.address() as AddressInfo;
  const hostInUrl = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return {
    server,
    url: `http://${hostInUrl}:${address.port}`,
    port: address.port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error === undefined ? resolve() : reject(error)));
        server.closeAllConnections();
      }),
  };
}
