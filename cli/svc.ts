#!/usr/bin/env node
// Entry point of the `svc` binary: the only place that touches process.
import { createInterface } from "node:readline";
import { main } from "./main.js";

// A reader that went away (a closed pipe: EPIPE) is not a reason to crash: `svc serve` keeps
// serving without its log, a one-shot command finishes without the rest of its output.
for (const stream of [process.stdout, process.stderr]) stream.on("error", () => undefined);

// `npm run svc -- ...` runs in the project root; paths are meant from where npm was called.
const cwd = process.env.npm_lifecycle_event === "svc" && process.env.INIT_CWD ? process.env.INIT_CWD : process.cwd();

/** One line of stdin after a question on stderr; undefined when stdin ends without a line. */
function ask(question: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const lines = createInterface({ input: process.stdin, output: process.stderr, terminal: process.stdin.isTTY === true });
    let answer: string | undefined;
    lines.question(question, (line) => {
      answer = line;
      lines.close();
    });
    lines.on("close", () => {
      // A terminal echoes the answer and its newline; piped input does not: end the prompt's line.
      if (process.stdin.isTTY !== true) process.stderr.write("\n");
      resolve(answer);
    });
  });
}

process.exitCode = await main(
  process.argv.slice(2),
  { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text), ask },
  cwd,
  {
    env: process.env,
    onSignal: (handler) => {
      process.on("SIGTERM", handler);
      process.on("SIGINT", handler);
    },
    exit: (code) => process.exit(code),
  },
);
