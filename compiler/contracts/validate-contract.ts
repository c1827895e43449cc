// One entry point for every contract document: identify the contract (from its `schema` member
// or as named), check the schema (stage 1 of the spec's validation order), then the semantic
// rules in order. Pure: values in, diagnostics out.
import type { Diagnostic } from "../../generated/types.js";
import type { ContractContext } from "./contract-context.js";
import { CONTRACTS, findContract, type ContractEntry } from "./contract-registry.js";
import { ContractReport } from "./contract-report.js";

export interface ContractValidation {
  /** The contract the document was checked against; undefined when it could not be identified. */
  contract?: ContractEntry;
  diagnostics: Diagnostic[];
}

export interface ValidateOptions extends ContractContext {
  /** The contract's identifier or short name; otherwise taken from the document's `schema` member. */
  contract?: string;
}

export function validateContract(document: unknown, options: ValidateOptions = {}): ContractValidation {
  const report = new ContractReport();
  const contract = identify(document, options.contract, report);
  if (contract === undefined) return { diagnostics: report.diagnostics };
  const schemaDiagnostics: Diagnostic[] = [];
  if (!contract.guard(document, schemaDiagnostics)) return { contract, diagnostics: [...report.diagnostics, ...schemaDiagnostics] };
  contract.check(document as never, options, report);
  return { contract, diagnostics: report.diagnostics };
}

function identify(document: unknown, named: string | undefined, report: ContractReport): ContractEntry | undefined {
  const declared = document !== null && typeof document === "object" && !Array.isArray(document) ? (document as { schema?: unknown }).schema : undefined;
  if (named !== undefined) {
    const contract = findContract(named);
    if (contract === undefined) {
      report.error("contract/unknown", "", `unknown contract '${named}'; known: ${CONTRACTS.map((c) => c.name).join(", ")}`);
      return undefined;
    }
    // A document that names another contract is checked against the one asked for; its schema member then fails there.
    return contract;
  }
  if (typeof declared !== "string") {
    report.error("contract/unidentified", declared === undefined ? "" : "/schema", "the document has no `schema` member naming its contract; name the contract explicitly (svc validate --contract NAME)");
    return undefined;
  }
  const contract = findContract(declared);
  if (contract !== undefined && contract.selfIdentifying) return contract;
  const sameMajorless = declared.replace(/\.v\d+$/, "");
  const other = CONTRACTS.find((c) => c.selfIdentifying && c.id.replace(/\.v\d+$/, "") === sameMajorless);
  if (other !== undefined) report.error("contract/unsupported-version", "/schema", `'${declared}' is not a supported version; this build reads ${other.id}`);
  else report.error("contract/unknown", "/schema", `'${declared}' is not a known contract identifier (identifiers are exact and case-sensitive)`, closestId(declared));
  return undefined;
}

function closestId(declared: string): string | undefined {
  const match = CONTRACTS.find((c) => c.selfIdentifying && c.id.toLowerCase() === declared.toLowerCase());
  return match === undefined ? undefined : `did you mean '${match.id}'?`;
}
