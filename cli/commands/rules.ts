// `svc rules <command>`: the rule API from the command line. One file per group of commands in
// cli/rules/; this file picks the command and prints its usage.
import { closestName } from "../../generated/support/closest-name.js";
import { EXIT, UsageError, type Console } from "../console.js";
import { createRule, deleteRule, disableRule, enableRule, updateRule } from "../rules/change-commands.js";
import { executeRule } from "../rules/execute-command.js";
import { getRule, listRules, ruleHistory, ruleVariables } from "../rules/read-commands.js";
import type { RulesSubcommand } from "../rules/rules-io.js";
import { validateRule } from "../rules/validate-command.js";
import { ruleWhy } from "../rules/why-command.js";
import { RULES_SUBCOMMAND_USAGE, RULES_USAGE } from "../rules/rules-usage.js";

export { RULES_USAGE };

const SUBCOMMANDS: Record<string, RulesSubcommand> = {
  list: listRules,
  get: getRule,
  create: createRule,
  update: updateRule,
  enable: enableRule,
  disable: disableRule,
  delete: deleteRule,
  execute: executeRule,
  history: ruleHistory,
  variables: ruleVariables,
  why: ruleWhy,
  validate: validateRule,
};

export async function rulesCommand(args: string[], console: Console, cwd: string, env: Record<string, string | undefined>): Promise<number> {
  const [name, ...rest] = args;
  if (name === undefined || name === "--help" || name === "-h" || name === "help") {
    const usage = (name === "help" && rest[0] && RULES_SUBCOMMAND_USAGE[rest[0]]) || RULES_USAGE;
    (name === undefined ? console.err : console.out)(`${usage}\n`);
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const run = SUBCOMMANDS[name];
  if (run === undefined) {
    const near = closestName(name, Object.keys(SUBCOMMANDS));
    throw new UsageError(`unknown command 'rules ${name}'${near ? `; did you mean 'rules ${near}'?` : ""}`);
  }
  if (rest.includes("--help") || rest.includes("-h")) {
    console.out(`${RULES_SUBCOMMAND_USAGE[name]}\n`);
    return EXIT.ok;
  }
  try {
    return await run(rest, { console, cwd, env });
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.err(`svc rules ${name}: ${error.message}\n(svc rules ${name} --help shows the usage)\n`);
    return EXIT.usage;
  }
}
