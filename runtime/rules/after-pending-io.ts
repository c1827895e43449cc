// A PUT's compile is the longest stretch of CPU a request runs without a turn (~1 ms at 50
// nodes). Meanwhile the store's answers to other requests' transactions wait for the event loop
// (on SQLite one connection, held by a transaction until its next statement is sent), so the
// compile lengthens every transaction it happens to overlap. Letting the I/O that arrived run
// before the compile shortens the time the connection is held (issue 19.5).
import { setImmediate as nextTurn } from "node:timers/promises";

/**
 * Resolves after the event loop has polled for I/O once: two turns, since an immediate set from
 * an I/O callback runs before the next poll.
 */
export async function afterPendingIo(): Promise<void> {
  await nextTurn();
  await nextTurn();
}
