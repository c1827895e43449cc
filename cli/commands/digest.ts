// `svc digest REQUEST.json`: the input_digest the service computes for a processor request
// (svc.data-processing.request.v1), so that processor authors can check theirs. With
// --canonical, the exact bytes that are hashed, to find where a digest mismatch comes from.
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { computeInputDigest, type DigestSource } from "../../compiler/contracts/input-digest.js";
import { validateProcessorRequest } from "../../generated/index.js";
import type { Diagnostic } from "../../generated/types.js";
import { EXIT, UsageError, type Console } from "../console.js";
import { parseJsonDocument } from "../read-json-document.js";
import { parseOptions } from "../options.js";
import { reportDiagnostics } from "../report-diagnostics.js";

const REQUEST_SCHEMA = "svc.data-processing.request.v1";
/** Stands in for the request's own input_digest while the schema is checked: that one is compared below. */
const ANY_DIGEST = `sha256:${"0".repeat(64)}`;

export const DIGEST_USAGE = `usage: svc digest [--canonical] REQUEST.json

Prints the input_digest of a processor request (${REQUEST_SCHEMA}) as the service computes
it: sha256: and the hex SHA-256 of the RFC 8785 canonical JSON of task, binding,
processor_contract, artifact (null when absent), frame and options. request_id, submitted_at,
deadline, schema and input_digest do not count. The request is checked against its schema
first; its input_digest may be left out, to compute the digest of a new request.
  --canonical   print the canonical JSON that is hashed instead, exactly those bytes (no newline):
                svc digest --canonical r.json | sha256sum  shows the same hex
When the request carries an input_digest that differs, the computed one is still printed and
the difference is reported on stderr.
Exit codes: 0 printed, 1 the request has errors or its input_digest differs, 2 wrong usage.`;

export async function digestCommand(args: string[], console: Console, cwd: string): Promise<number> {
  const { values, positionals } = parseOptions(args, { canonical: { type: "boolean" } });
  if (positionals.length !== 1) throw new UsageError("name exactly one request file");
  const file = positionals[0]!;
  const text = await readText(resolve(cwd, file), file);
  const fail = (diagnostics: Diagnostic[]): number => {
    reportDiagnostics([{ file, kind: "flow", text, diagnostics, outputs: [] }], "text", console);
    return EXIT.diagnostics;
  };

  const parsed = parseRequest(text);
  if (!parsed.ok) return fail(parsed.diagnostics);
  const request = parsed.request;
  const otherContract = checkContract(request);
  if (otherContract !== undefined) return fail([otherContract]);

  const problems: Diagnostic[] = [];
  validateProcessorRequest({ ...request, input_digest: ANY_DIGEST }, problems);
  const result = computeInputDigest(request as unknown as DigestSource);
  if (!result.ok) problems.push(...result.diagnostics.filter((d) => !saidAlready(d, problems)));
  if (problems.length > 0 || !result.ok) return fail(problems);
  console.out(values.canonical === true ? result.canonicalJson : `${result.digest}\n`);

  const claimed = request.input_digest;
  if (claimed === undefined || claimed === result.digest) return EXIT.ok;
  return fail([
    {
      code: "digest/mismatch",
      severity: "error",
      message: `input_digest is ${JSON.stringify(claimed)} but the request's task, binding, processor_contract, artifact, frame and options give ${result.digest}`,
      path: "/input_digest",
      suggestion: "compare the canonical JSON of both sides: svc digest --canonical",
    },
  ]);
}

/** The request document: JSON without duplicate keys (the digest would silently cover the last of them), an object. */
function parseRequest(text: string): { ok: true; request: Record<string, unknown> } | { ok: false; diagnostics: Diagnostic[] } {
  const parsed = parseJsonDocument(text);
  if (!parsed.ok) return parsed;
  const value = parsed.value;
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, diagnostics: [{ code: "digest/not-a-request", severity: "error", message: `a processor request is a JSON object, not ${Array.isArray(value) ? "an array" : value === null ? "null" : `a ${typeof value}`}`, path: "" }] };
  }
  return { ok: true, request: value as Record<string, unknown> };
}

/**
 * Whether the schema already reported this digest problem: a missing member (digest/not-json)
 * or a value at or under a path the schema refused (Infinity is a schema/type error too).
 */
function saidAlready(problem: Diagnostic, schemaProblems: Diagnostic[]): boolean {
  if (problem.code === "digest/not-json") return schemaProblems.length > 0;
  const path = problem.path ?? "";
  return schemaProblems.some((s) => s.path !== undefined && s.path !== "" && (path === s.path || path.startsWith(`${s.path}/`)));
}

/** Another contract (a result, a frame, a future v2) is named as such rather than hashed. */
function checkContract(request: Record<string, unknown>): Diagnostic | undefined {
  if (request.schema === undefined || request.schema === REQUEST_SCHEMA) return undefined;
  return {
    code: "digest/unsupported-schema",
    severity: "error",
    message: `schema is ${JSON.stringify(request.schema)}; svc digest reads processor requests, schema "${REQUEST_SCHEMA}"`,
    path: "/schema",
  };
}

async function readText(path: string, name: string): Promise<string> {
  return readFile(path, "utf8").catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`cannot read ${name}: ${error.code ?? error.message}`);
  });
}
