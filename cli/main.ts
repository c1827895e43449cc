// The `svc` command: parses the command word and hands over to one file per command.
import { readFileSync } from "node:fs";
import { COMPILE_USAGE, compileCommand } from "./commands/compile.js";
import { DECOMPILE_USAGE, decompileCommand } from "./commands/decompile.js";
import { DIGEST_USAGE, digestCommand } from "./commands/digest.js";
import { FMT_USAGE, fmtCommand } from "./commands/fmt.js";
import { SERVE_USAGE, serveCommand, type ServeEnvironment } from "./commands/serve.js";
import { TOKEN_USAGE, tokenCommand } from "./commands/token.js";
import { VALIDATE_USAGE, validateCommand } from "./commands/validate.js";
import { EXIT, UsageError, type Console } from "./console.js";

const USAGE = `usage: svc <command> [options]

Commands:
  compile     compile rule files, editor documents and a pack's task, binding and route files; --check for CI
  decompile   print the rule DSL of an editor document, a nodes_json or a stored rule
  digest      print the input_digest of a processor request
  fmt         format rule DSL files; --check for CI
  serve       run the service: rule API, scheduler, live history, API docs
  token       mint an access token for local use: svc token --role Engineer --sub alice
  validate    check data-processing contract documents (tasks, frames, requests, results ...)
  help        show the usage of a command: svc help compile

Options: --help, --version`;

const COMMAND_USAGE: Record<string, string> = { compile: COMPILE_USAGE, decompile: DECOMPILE_USAGE, digest: DIGEST_USAGE, fmt: FMT_USAGE, serve: SERVE_USAGE, token: TOKEN_USAGE, validate: VALIDATE_USAGE };

export async function main(argv: string[], console: Console, cwd: string, serving?: ServeEnvironment): Promise<number> {
  const [command, ...args] = argv;
  const usage = command === undefined ? undefined : COMMAND_USAGE[command];
  if (usage !== undefined && (args.includes("--help") || args.includes("-h"))) {
    console.out(`${usage}\n`);
    return EXIT.ok;
  }
  try {
    switch (command) {
      case undefined:
        console.err(`${USAGE}\n`);
        return EXIT.usage;
      case "help":
      case "--help":
      case "-h":
        console.out(`${(args[0] && COMMAND_USAGE[args[0]]) || USAGE}\n`);
        return EXIT.ok;
      case "--version":
        console.out(`${version()}\n`);
        return EXIT.ok;
      case "compile":
        return await compileCommand(args, console, cwd);
      case "decompile":
        return await decompileCommand(args, console, cwd);
      case "digest":
        return await digestCommand(args, console, cwd);
      case "fmt":
        return await fmtCommand(args, console, cwd);
      case "serve":
        return await serveCommand(args, console, serving, version());
      case "token":
        return await tokenCommand(args, console, cwd);
      case "validate":
        return await validateCommand(args, console, cwd);
      default:
        throw new UsageError(`unknown command '${command}'`);
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    // The message says what is wrong; the usage is one command away, not repeated every time.
    const help = usage !== undefined ? `svc ${command} --help` : "svc --help";
    console.err(`svc${command ? ` ${command}` : ""}: ${(error as Error).message}\n(${help} shows the usage)\n`);
    return EXIT.usage;
  }
}

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
  return pkg.version;
}

