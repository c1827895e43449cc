// The rule log's thread, but one that exits on a line "die" before writing anything of that
// batch (test/history/threaded-rule-log.test.ts: what a thread's death does to the appends).
// Imports run in order: the hook's listener is on the port before the real thread's.
import "./die-on-line.js";
import "../../runtime/history/rule-log-worker.js";
