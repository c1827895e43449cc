// Option parsing for commands: node's parseArgs, strict, with "did you mean" for a misspelt option.
import { parseArgs, type ParseArgsConfig } from "node:util";
import { closestName } from "../generated/support/closest-name.js";
import { UsageError } from "./console.js";

type Options = NonNullable<ParseArgsConfig["options"]>;

export function parseOptions(args: string[], options: Options): { values: Record<string, string | boolean | undefined>; positionals: string[] } {
  try {
    const { values, positionals } = parseArgs({ args, options, allowPositionals: true, strict: true });
    return { values: values as Record<string, string | boolean | undefined>, positionals };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
      const given = /'([^']+)'/.exec((error as Error).message)?.[1] ?? "";
      const near = closestName(given.replace(/^-+/, ""), Object.keys(options));
      throw new UsageError(`unknown option '${given}'${near ? `; did you mean '--${near}'?` : ""}`);
    }
    if (code?.startsWith("ERR_PARSE_ARGS")) throw new UsageError((error as Error).message);
    throw error;
  }
}
