// The `svc` command: parses the command word and hands over to one file per command.
import { closestName } from "../generated/support/closest-name.js";
import { EXIT, UsageError, type Console } from "./console.js";
import { packageVersion } from "./version.js";
import type { ServeEnvironment } from "./commands/serve.js";

/** What a command is given; each command takes what it needs. */
interface CommandInput {
  args: string[];
  console: Console;
  cwd: string;
  env: Record<string, string | undefined>;
  serving: ServeEnvironment | undefined;
}

interface Command {
  usage: string;
  run(input: CommandInput): Promise<number>;
}

// Each command is loaded when it runs: `svc rules list` must not pay for the grammar, the
// validators or the server it does not use.
const COMMANDS: Record<string, () => Promise<Command>> = {
  audit: async () => {
    const m = await import("./commands/audit.js");
    return { usage: m.AUDIT_USAGE, run: (i) => m.auditCommand(i.args, i.console, i.env) };
  },
  compile: async () => {
    const m = await import("./commands/compile.js");
    return { usage: m.COMPILE_USAGE, run: (i) => m.compileCommand(i.args, i.console, i.cwd) };
  },
  decompile: async () => {
    const m = await import("./commands/decompile.js");
    return { usage: m.DECOMPILE_USAGE, run: (i) => m.decompileCommand(i.args, i.console, i.cwd) };
  },
  digest: async () => {
    const m = await import("./commands/digest.js");
    return { usage: m.DIGEST_USAGE, run: (i) => m.digestCommand(i.args, i.console, i.cwd) };
  },
  export: async () => {
    const m = await import("./commands/export.js");
    return { usage: m.EXPORT_USAGE, run: (i) => m.exportCommand(i.args, i.console, i.cwd, i.env) };
  },
  fmt: async () => {
    const m = await import("./commands/fmt.js");
    return { usage: m.FMT_USAGE, run: (i) => m.fmtCommand(i.args, i.console, i.cwd) };
  },
  import: async () => {
    const m = await import("./commands/import.js");
    return { usage: m.IMPORT_USAGE, run: (i) => m.importCommand(i.args, i.console, i.cwd, i.env) };
  },
  mcp: async () => {
    const m = await import("./commands/mcp.js");
    return { usage: m.MCP_USAGE, run: (i) => m.mcpCommand(i.args, i.console, i.cwd, i.env) };
  },
  points: async () => {
    const m = await import("./commands/points.js");
    return { usage: m.POINTS_USAGE, run: (i) => m.pointsCommand(i.args, i.console, i.cwd, i.env) };
  },
  rules: async () => {
    const m = await import("./commands/rules.js");
    return { usage: m.RULES_USAGE, run: (i) => m.rulesCommand(i.args, i.console, i.cwd, i.env) };
  },
  serve: async () => {
    const m = await import("./commands/serve.js");
    return { usage: m.SERVE_USAGE, run: (i) => m.serveCommand(i.args, i.console, i.serving, packageVersion()) };
  },
  sync: async () => {
    const m = await import("./commands/sync.js");
    return { usage: m.SYNC_USAGE, run: (i) => m.syncCommand(i.args, i.console, i.cwd, i.env) };
  },
  test: async () => {
    const m = await import("./commands/test.js");
    return { usage: m.TEST_USAGE, run: (i) => m.testCommand(i.args, i.console, i.cwd) };
  },
  token: async () => {
    const m = await import("./commands/token.js");
    return { usage: m.TOKEN_USAGE, run: (i) => m.tokenCommand(i.args, i.console, i.cwd) };
  },
  validate: async () => {
    const m = await import("./commands/validate.js");
    return { usage: m.VALIDATE_USAGE, run: (i) => m.validateCommand(i.args, i.console, i.cwd) };
  },
};

const USAGE = `usage: svc <command> [options]

Files (no service needed):
  compile     compile rule files (against their pack's site.yaml), editor documents and a pack's task,
              binding and route files; --check and --strict for CI
  decompile   print the rule DSL of an editor document, a nodes_json or a stored rule
  fmt         format rule DSL files; --check for CI
  validate    check data-processing contract documents (tasks, frames, requests, results ...)
  digest      print the input_digest of a processor request
  test        run a pack's scenario files (tests/*.test.yaml) on a virtual clock: svc test [PACK|FILE...]
              [--format text|junit] [--coverage] [--require-coverage] [--update]

The service:
  serve       run the service: rule API, scheduler, live history, API docs
  token       mint an access token for local use: svc token --role Engineer --sub alice

Over the API (SVC_BASE_URL, default http://127.0.0.1:8080; token in SVC_ACCESS_TOKEN):
  rules       list, get, create, update, enable, disable, delete, execute, history, variables, why
              (svc rules --help lists each with its flags; changes need --confirmed)
  sync        make the service's rules match a pack's rule files: svc sync PACK --confirmed
              [--prune] [--dry-run] [--enable] [--json]
  import      create or update rules from files, never deleting: svc import FILE... --confirmed
              [--dry-run] [--enable] [--json]
  export      write every rule as DSL (and its raw JSON): svc export [--out DIR]
  points      the site's points and the rules that read and write each: svc points [--json]
              (svc points PACK lists a pack's site.yaml and rule files, no service needed)
  mcp         a Model Context Protocol server on stdio: rules_list, rules_get, rules_execute
  audit       verify the audit hash chain (Admin): svc audit verify [--from N] [--to N] [--json]

  help        show the usage of a command: svc help compile

Options: --help, --version
Exit codes: 0 done, 1 the input has errors, 2 wrong usage, 3 refused (no --confirmed or token,
or the service refused the request), 4 the service failed (unreachable, timed out, 5xx).`;


export async function main(argv: string[], console: Console, cwd: string, serving?: ServeEnvironment): Promise<number> {
  const [name, ...args] = argv;
  const load = name === undefined ? undefined : COMMANDS[name];
  try {
    switch (name) {
      case undefined:
        console.err(`${USAGE}\n`);
        return EXIT.usage;
      case "help":
      case "--help":
      case "-h": {
        const about = args[0] === undefined ? undefined : COMMANDS[args[0]];
        console.out(`${about === undefined ? USAGE : (await about()).usage}\n`);
        return EXIT.ok;
      }
      case "--version":
        console.out(`${packageVersion()}\n`);
        return EXIT.ok;
    }
    if (load === undefined) {
      const near = closestName(name, Object.keys(COMMANDS));
      throw new UsageError(`unknown command '${name}'${near ? `; did you mean '${near}'?` : ""}`);
    }
    const command = await load();
    // `svc rules list --help` is the rules command's own business (it prints the usage of list).
    if (name !== "rules" && (args.includes("--help") || args.includes("-h"))) {
      console.out(`${command.usage}\n`);
      return EXIT.ok;
    }
    return await command.run({ args, console, cwd, env: serving?.env ?? process.env, serving });
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    // The message says what is wrong; the usage is one command away, not repeated every time.
    const help = load !== undefined ? `svc ${name} --help` : "svc --help";
    console.err(`svc${name ? ` ${name}` : ""}: ${(error as Error).message}\n(${help} shows the usage)\n`);
    return EXIT.usage;
  }
}
