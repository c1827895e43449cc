#!/usr/bin/env node
// Entry point of the `svc` binary: the only place that touches process.
import { main } from "./main.js";

// `npm run svc -- ...` runs in the project root; paths are meant from where npm was called.
const cwd = process.env.npm_lifecycle_event === "svc" && process.env.INIT_CWD ? process.env.INIT_CWD : process.cwd();

process.exitCode = await main(
  process.argv.slice(2),
  { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) },
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
