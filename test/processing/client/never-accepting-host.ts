// A host on 127.0.0.1 that never accepts a connection: a child process listens with a backlog of
// one and then blocks its event loop (Atomics.wait), so the kernel completes handshakes only
// until the accept queue is full and then drops every further SYN. The filler connections that
// fill the queue are opened here. The child ends on its own after `lifetimeMs`, and close() kills
// it by its pid, so no test outlives its own bound.
import { spawn, type ChildProcess } from "node:child_process";
import { connect, type Socket } from "node:net";

export interface NeverAcceptingHost {
  endpoint: string;
  close(): Promise<void>;
}

const CHILD = `
const net = require("node:net");
const server = net.createServer();
server.on("error", () => process.exit(1));
server.listen({ port: 0, host: "127.0.0.1", backlog: 1 }, () => {
  process.stdout.write(server.address().port + "\\n", () => {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(process.argv[1]));
    process.exit(0);
  });
});
`;

/** How long a filler may take to connect before the queue counts as full. */
const FILL_PROBE_MS = 250;
const MAX_FILLERS = 16;

export async function startNeverAcceptingHost(lifetimeMs = 20_000): Promise<NeverAcceptingHost> {
  const child = spawn(process.execPath, ["-e", CHILD, String(lifetimeMs)], { stdio: ["ignore", "pipe", "ignore"] });
  const fillers: Socket[] = [];
  const close = async (): Promise<void> => {
    for (const socket of fillers) socket.destroy();
    await stop(child);
  };
  try {
    const port = await portOf(child);
    // Fill the accept queue: connect until one connection is not completed by the kernel.
    for (let i = 0; i < MAX_FILLERS; i++) {
      const socket = connect({ port, host: "127.0.0.1" });
      socket.on("error", () => undefined);
      fillers.push(socket);
      if (!(await connectsWithin(socket, FILL_PROBE_MS))) return { endpoint: `http://127.0.0.1:${port}`, close };
    }
    throw new Error(`the accept queue did not fill after ${MAX_FILLERS} connections`);
  } catch (error) {
    await close();
    throw error;
  }
}

function portOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let text = "";
    child.once("error", reject);
    child.once("exit", () => reject(new Error("the listening child exited before it listened")));
    child.stdout!.on("data", (chunk: Buffer) => {
      text += chunk.toString("utf8");
      if (text.includes("\n")) resolve(Number(text.trim()));
    });
  });
}

function connectsWithin(socket: Socket, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    socket.once("connect", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}
