// Runs the `svc` command in-process, as the binary would, with its output captured.
import { main } from "../../cli/main.js";

export interface SvcRun {
  code: number;
  out: string;
  err: string;
}

export async function runSvc(cwd: string, argv: string[]): Promise<SvcRun> {
  let out = "";
  let err = "";
  const code = await main(argv, { out: (t) => (out += t), err: (t) => (err += t) }, cwd);
  return { code, out, err };
}
