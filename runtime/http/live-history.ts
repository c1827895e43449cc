// Live execution results over WebSocket, attached to the HTTP server: GET /api/history/live
// [?rule_id=<id>][&after_id=<id>]. Each connection pages the durable history (rule_history) from
// its cursor and then waits for the next record; nothing is kept in memory for it, so a reader that
// reconnects with the last id it saw misses nothing. Authenticated with the same JWT, from the
// Authorization header or, for browsers (which cannot set headers), the subprotocol
// `bearer.<token>` offered beside `svc.history.v1`. A connection lives only as long as its token
// is accepted: it is closed with LIVE_CLOSE_TOKEN_EXPIRED when the token expires.
// With `decisions=1` a connection also receives the decision records (why a rule did not run,
// issue 18.4) as the service writes them: pushed, not paged (a record grows in place; the page of
// GET /api/rules/{id}/decisions is the way to catch up), each connection's queue bounded.
import { randomUUID } from "node:crypto";
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer, type WebSocket } from "ws";
import { hasPermission } from "../auth/identity.js";
import { invalidInput, ServiceError } from "../errors.js";
import type { Clock } from "../engine/scheduler/types.js";
import type { DecisionRecord, HistoryStore } from "../store/store.js";
import type { Authenticate } from "./app-deps.js";
import { correlationIdOf } from "./correlation.js";
import { rawErrorResponse } from "./raw-error-response.js";
import { idParam, problem, readQuery } from "./request-input.js";
import { LIVE_HISTORY_PATH } from "./route-table.js";

export const LIVE_PROTOCOL = "svc.history.v1";
const BATCH = 100;
/** Open live connections at most, by default: each holds a socket and a reader loop. */
export const DEFAULT_MAX_LIVE_CONNECTIONS = 256;
/** The close code of a connection whose token expired (application range 4000-4999, RFC 6455 7.4.2). */
export const LIVE_CLOSE_TOKEN_EXPIRED = 4001;
/** Decision records waiting for one slow reader at most; past it the oldest are dropped (the page has them). */
export const LIVE_DECISION_QUEUE = 1000;

export interface LiveHistoryOptions {
  history: HistoryStore;
  auth: Authenticate;
  /** The time tokens expire against (the verifier's clock). */
  clock: Clock;
  /** Also re-read this often, for records written by another process (default 1000 ms). */
  pollMs?: number;
  /** Open connections at most (default DEFAULT_MAX_LIVE_CONNECTIONS); one more is refused with 503. */
  maxConnections?: number;
}

export interface LiveHistory {
  /** Wakes every reader: a record was written. */
  notify(): void;
  /** Hands written decision records to the readers that asked for them (`decisions=1`). */
  publishDecisions(records: readonly DecisionRecord[]): void;
  /** Closes every connection (1001, going away) and stops accepting. */
  close(): Promise<void>;
  connections(): number;
}

export function attachLiveHistory(server: Server, options: LiveHistoryOptions): LiveHistory {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096, handleProtocols: (offered) => (offered.has(LIVE_PROTOCOL) ? LIVE_PROTOCOL : false) });
  let wake: () => void = () => undefined;
  let woken = new Promise<void>((resolve) => (wake = resolve));
  const notify = () => {
    const resolve = wake;
    woken = new Promise<void>((next) => (wake = next));
    resolve();
  };
  const poll = setInterval(notify, options.pollMs ?? 1000);
  // Running readers, so close() can wait until none is in the middle of a store read.
  const readers = new Set<Promise<void>>();
  poll.unref();
  const maxConnections = options.maxConnections ?? DEFAULT_MAX_LIVE_CONNECTIONS;
  // Per connection that asked for decisions: the records to send, by id (a record written again
  // before it was sent is sent once, as it is now).
  const decisionQueues = new Set<{ ruleId?: number; queue: Map<number, DecisionRecord> }>();

  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // First: Node hands the raw socket over without its own `error` listener, and a peer that
    // resets the connection while it is authenticated or refused would otherwise crash the process.
    socket.on("error", () => socket.destroy());
    const refuse = (error: ServiceError): void => refuseUpgrade(socket, error, correlationIdOf(req.headers["x-correlation-id"], randomUUID));
    const url = requestUrl(req);
    if (url === undefined) return refuse(invalidInput("the request target is not a valid path"));
    if (url.pathname !== LIVE_HISTORY_PATH) return refuse(new ServiceError("not-found", `no WebSocket at ${url.pathname}`));
    void accept(req, url)
      .then((start) => {
        // Checked here, in the same turn as handleUpgrade adds the client: a burst cannot overshoot.
        if (wss.clients.size >= maxConnections) {
          return refuse(new ServiceError("service-unavailable", `the service holds its limit of ${maxConnections} live connections; close one or try again later`));
        }
        wss.handleUpgrade(req, socket, head, (ws) => {
          // A malformed frame (unmasked, oversized, bad opcode or UTF-8, RSV1, close code 999,
          // fragmented control frame) is an `error` on ws, after ws has sent the close code
          // (1002, 1007 or 1009) and ended the connection: nothing is left to do but not crash.
          ws.on("error", () => undefined);
          const reader = stream(ws, start).finally(() => readers.delete(reader));
          readers.add(reader);
        });
      })
      .catch((error: unknown) => refuse(error instanceof ServiceError ? error : new ServiceError("internal", "internal error")));
  });

  async function accept(req: IncomingMessage, url: URL): Promise<Start> {
    const identity = await options.auth.authenticate(req.headers.authorization ?? bearerProtocol(req), { configuredBearer: false });
    if (!hasPermission(identity, "rule.read")) throw new ServiceError("permission-denied", "reading execution history needs the permission rule.read");
    const query = readQuery(url.search.slice(1), ["rule_id", "after_id", "decisions"]);
    const ruleId = idParam(query, "rule_id", "rule");
    const decisions = flagParam(query.decisions);
    const afterId = idParam(query, "after_id", "history", 0) ?? (await options.history.latestId());

    return { ...(ruleId !== undefined ? { ruleId } : {}), afterId, decisions, expiresAt: identity.expiresAt ?? Infinity };
  }

  async function stream(ws: WebSocket, start: Start): Promise<void> {
    let cursor = start.afterId;
    let open = true;
    const closed = () => ws.readyState !== ws.OPEN;
    // Checked before every record and at every wake (a record or the poll, at most pollMs apart).
    const expired = () => {
      if (options.clock.now() < start.expiresAt) return false;
      ws.close(LIVE_CLOSE_TOKEN_EXPIRED, "token expired");
      return true;
    };
    const decisions = start.decisions ? { ...(start.ruleId !== undefined ? { ruleId: start.ruleId } : {}), queue: new Map<number, DecisionRecord>() } : undefined;
    if (decisions !== undefined) decisionQueues.add(decisions);
    ws.on("close", () => {
      open = false;
      if (decisions !== undefined) decisionQueues.delete(decisions);
    });
    ws.on("message", () => ws.close(1003, "this stream takes no messages"));
    try {
      while (open && !closed() && !expired()) {
        const next = woken;
        const entries = await options.history.list(start.ruleId, { afterId: cursor, limit: BATCH });
        for (const entry of entries) {
          if (!open || closed() || expired()) return;
          // Waiting for each send to flush is the backpressure: a slow reader slows only itself.
          await send(ws, JSON.stringify({ type: "execution", data: entry }));
          cursor = entry.id;
        }
        for (const [id, record] of decisions?.queue ?? []) {
          if (!open || closed() || expired()) return;
          decisions!.queue.delete(id);
          await send(ws, JSON.stringify({ type: "decision", data: record }));
        }
        if (entries.length < BATCH) await next;
      }
    } catch {
      if (open) {
        ws.send(JSON.stringify({ type: "error", error: { code: "internal", message: "the history could not be read; reconnect with after_id" } }));
        ws.close(1011, "history unavailable");
      }
    }
  }

  return {
    notify,
    publishDecisions(records) {
      if (decisionQueues.size === 0 || records.length === 0) return;
      for (const reader of decisionQueues) {
        for (const record of records) {
          if (reader.ruleId !== undefined && record.rule_id !== reader.ruleId) continue;
          reader.queue.delete(record.id); // re-queued at the end: sent once, as it is now
          reader.queue.set(record.id, record);
          if (reader.queue.size > LIVE_DECISION_QUEUE) reader.queue.delete(reader.queue.keys().next().value!);
        }
      }
      notify();
    },
    connections: () => wss.clients.size,
    async close() {
      clearInterval(poll);
      for (const ws of wss.clients) ws.close(1001, "server shutting down");
      notify();
      await Promise.all(readers);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

interface Start {
  ruleId?: number;
  afterId: number;
  /** Send decision records too (`decisions=1`). */
  decisions: boolean;
  /** Epoch ms from which the connection's token is refused (Infinity: it does not expire). */
  expiresAt: number;
}

/** `decisions`: 1 or 0 (absent: 0). */
function flagParam(text: string | undefined): boolean {
  if (text === undefined || text === "0") return false;
  if (text === "1") return true;
  throw invalidInput(`query parameter 'decisions' must be 1 or 0, got '${text}'`, [problem("/query/decisions", "expected 1 or 0")]);
}

function send(ws: WebSocket, text: string): Promise<void> {
  return new Promise((resolve, reject) => ws.send(text, (error) => (error ? reject(error) : resolve())));
}

/** The request target as a URL; undefined when it is none (`//[` throws in the URL parser). */
function requestUrl(req: IncomingMessage): URL | undefined {
  try {
    return new URL(req.url ?? "/", "http://localhost");
  } catch {
    return undefined;
  }
}

function bearerProtocol(req: IncomingMessage): string | undefined {
  const offered = (req.headers["sec-websocket-protocol"] ?? "").split(",").map((p) => p.trim());
  const token = offered.find((p) => p.startsWith("bearer."))?.slice("bearer.".length);
  return token ? `Bearer ${token}` : undefined;
}

/** Answers a refused upgrade with a plain HTTP error in the API's envelope (unless the peer is gone). */
function refuseUpgrade(socket: Duplex, error: ServiceError, correlationId: string): void {
  if (!socket.writable) return void socket.destroy();
  // Then closed: the server's timeouts no longer cover an upgrade socket, and a peer that never
  // closes its side (half-open) must not hold it.
  const message = error.expose ? error.message : `internal error (correlation id ${correlationId})`;
  socket.end(rawErrorResponse(error.status, error.code, message, correlationId), () => socket.destroy());
}
