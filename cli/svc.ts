#!/usr/bin/env node
// Entry point of the `svc` binary: the only place that touches process.
import { main } from "./main.js";

process.exitCode = await main(
  process.argv.slice(2),
  { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) },
  process.cwd(),
);
