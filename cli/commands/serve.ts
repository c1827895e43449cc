// `svc serve`: the runtime service. Not part of this version: it arrives with the runtime and
// service work (store, scheduler, executor, HTTP API). Says so plainly instead of pretending.
import { EXIT, type Console } from "../console.js";

export const SERVE_USAGE = "usage: svc serve   (not available yet in this version)";

export function serveCommand(console: Console): number {
  console.err(
    "svc serve: the runtime service is not part of this version yet.\n" +
      "Available now: svc compile (editor documents to nodes_json). See README.md.",
  );
  return EXIT.usage;
}
