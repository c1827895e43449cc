// The `svc` command: parses the command word and hands over to one file per command.
import { readFileSync } from "node:fs";
import { COMPILE_USAGE, compileCommand } from "./commands/compile.js";
import { SERVE_USAGE, serveCommand } from "./commands/serve.js";
import { EXIT, UsageError, type Console } from "./console.js";

const USAGE = `usage: svc <command> [options]

Commands:
  compile   compile editor documents (flow_json) to nodes_json; --check for CI
  serve     run the service (not available yet in this version)
  help      show the usage of a command: svc help compile

Options: --help, --version`;

const COMMAND_USAGE: Record<string, string> = { compile: COMPILE_USAGE, serve: SERVE_USAGE };

export async function main(argv: string[], console: Console, cwd: string): Promise<number> {
  const [command, ...args] = argv;
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
        if (args.includes("--help")) return help(console, COMPILE_USAGE);
        return await compileCommand(args, console, cwd);
      case "serve":
        return serveCommand(console);
      default:
        throw new UsageError(`unknown command '${command}'`);
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.err(`svc${command ? ` ${command}` : ""}: ${(error as Error).message}\n${command && COMMAND_USAGE[command] ? COMMAND_USAGE[command] : "run svc --help"}\n`);
    return EXIT.usage;
  }
}

function help(console: Console, usage: string): number {
  console.out(`${usage}\n`);
  return EXIT.ok;
}

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
  return pkg.version;
}
