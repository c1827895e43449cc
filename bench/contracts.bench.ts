// `npm run bench -- contracts`: validating a processor request that carries a 7-day, 15-minute
// frame of 10 history features (672 x 10 cells, plus 96 x 2 future-covariate cells), and its
// canonical input_digest, against plain JavaScript baselines measured in the same run.
//   full validation  validateContract with the task as context: schema guard + semantic checks
//                    (which recompute the input_digest)
//   schema only      the generated guard validateProcessorRequest
//   digest           inputDigest (what the validation runs): RFC 8785 canonical bytes + SHA-256, in MB/s of canonical JSON
//   canonical bytes  the RFC 8785 writer alone (the digest without its SHA-256), in MB/s of canonical JSON
//   baselines        JSON.parse(JSON.stringify(request)); JSON.stringify alone (MB/s); sha256 of the canonical bytes (MB/s)
// Rates are per second of this process's CPU time, so waiting for a core on a busy machine does not
// count. The target (issue 19.5): full validation within 2x the schema check, both measured here. The
// spec puts input_digest (SHA-256 over the canonical bytes) in every full validation, and that
// SHA-256 alone costs more than the schema check on this request: full validation can never come
// within 2x while the digest is recomputed, so the verdict prints that floor beside the target.
import { createHash } from "node:crypto";
import { computeInputDigest, digestMembers, inputDigest, MAX_DIGEST_DEPTH, type DigestSource } from "../compiler/contracts/input-digest.js";
import { validateContract } from "../compiler/contracts/validate-contract.js";
import { withPlainJson } from "../compiler/jcs/plain-json-writer.js";
import { validateProcessorRequest } from "../generated/index.js";
import { BENCH_CELLS, benchRequest, benchTask, HISTORY_STEPS } from "./contracts/forecast-request.js";
import { formatRate, loopOver, measure } from "./harness.js";

export function benchContracts(): void {
  const task = benchTask();
  const request = benchRequest();
  const problems = [...validateContract(task).diagnostics, ...validateContract(request, { task }).diagnostics];
  if (problems.length > 0) throw new Error(`the benchmark request is not valid, so the bench would time the error path:\n${JSON.stringify(problems, null, 2)}`);
  const digest = computeInputDigest(request as unknown as DigestSource);
  if (!digest.ok || digest.digest !== request.input_digest) throw new Error("the benchmark request's input_digest does not match");
  const canonicalBytes = Buffer.from(digest.canonicalJson, "utf8");
  const members = digestMembers(request as unknown as DigestSource);
  const writerOptions = { maxDepth: MAX_DIGEST_DEPTH, safeNumbersOnly: true };
  const megabytes = digest.canonicalBytes / 1e6;
  const jsonBytes = JSON.stringify(request).length;
  const cells = BENCH_CELLS.history + BENCH_CELLS.future;
  console.log(
    `contracts (rates per CPU second): a processor request with ${HISTORY_STEPS} x ${BENCH_CELLS.history / HISTORY_STEPS} history cells + ${BENCH_CELLS.future} future-covariate cells ` +
      `(${cells.toLocaleString("en-US")} cells; ${jsonBytes.toLocaleString("en-US")} bytes of JSON, ${digest.canonicalBytes.toLocaleString("en-US")} canonical)`,
  );

  const [full, schema, digests, writer, roundTrip, stringify, sha256] = measure([
    { name: "full validation", run: loopOver(() => validateContract(request, { task }).diagnostics.length === 0, [0]) },
    { name: "schema only", run: loopOver(() => validateProcessorRequest(request), [0]) },
    { name: "input_digest", run: loopOver(() => inputDigest(request as unknown as DigestSource).ok, [0]) },
    { name: "canonical bytes", run: loopOver(() => withPlainJson(members, writerOptions, (sink) => sink.length) ?? 0, [0]) },
    { name: "baseline: JSON round trip", run: loopOver(() => JSON.parse(JSON.stringify(request)) !== null, [0]) },
    { name: "baseline: JSON.stringify", run: loopOver(() => JSON.stringify(request).length > 0, [0]) },
    { name: "baseline: sha256", run: loopOver(() => createHash("sha256").update(canonicalBytes).digest("hex").length > 0, [0]) },
  ], { clock: "cpu" }); // CPU time: all subjects are CPU-bound, and the machine may be shared
  const mbps = (opsPerSecond: number, mb: number): string => `${(opsPerSecond * mb).toFixed(1).padStart(14)} MB/s`;
  const jsonMegabytes = jsonBytes / 1e6;
  console.log(`  full validation            ${formatRate(full!.opsPerSecond).padStart(14)} requests/s`);
  console.log(`  schema only                ${formatRate(schema!.opsPerSecond).padStart(14)} requests/s`);
  console.log(`  input_digest               ${mbps(digests!.opsPerSecond, megabytes)}  (${formatRate(digests!.opsPerSecond)} digests/s)`);
  console.log(`  canonical bytes            ${mbps(writer!.opsPerSecond, megabytes)}  (the RFC 8785 writer alone)`);
  console.log(`  baseline: JSON round trip  ${formatRate(roundTrip!.opsPerSecond).padStart(14)} requests/s`);
  console.log(`  baseline: JSON.stringify   ${mbps(stringify!.opsPerSecond, jsonMegabytes)}`);
  console.log(`  baseline: sha256           ${mbps(sha256!.opsPerSecond, megabytes)}`);
  const times = (baseline: number, subject: number): string => {
    const ratio = baseline / subject;
    return `${ratio.toFixed(ratio < 1 ? 2 : 1)}x`; // two digits below 1, where one would show 0.0x
  };
  console.log(`  ratio: full validation costs ${times(roundTrip!.opsPerSecond, full!.opsPerSecond)} a JSON round trip of the request; schema only ${times(roundTrip!.opsPerSecond, schema!.opsPerSecond)}`);
  console.log(`  ratio: input_digest costs ${times(stringify!.opsPerSecond, digests!.opsPerSecond)} a JSON.stringify of the request and ${times(sha256!.opsPerSecond, digests!.opsPerSecond)} the sha256 of its canonical bytes alone`);
  const schemaTimes = (ops: number): number => schema!.opsPerSecond / ops;
  const target = schemaTimes(full!.opsPerSecond);
  const floor = 1 + schemaTimes(sha256!.opsPerSecond);
  console.log(
    `  ratio: full validation costs ${target.toFixed(1)}x the schema check (target: within 2x): ${target <= 2 ? "met" : floor > 2 ? `not met, and unreachable: the floor is ${floor.toFixed(1)}x` : "not met"}`,
  );
  console.log(
    `  floor: the schema check plus the sha256 of the canonical bytes alone cost ${floor.toFixed(1)}x the schema check; input_digest (spec: SHA-256 of the RFC 8785 bytes) is recomputed by every full validation, ` +
      `so no serialiser or check can bring it below that (the writer adds ${(schemaTimes(writer!.opsPerSecond)).toFixed(1)}x, the other checks the rest)`,
  );
  console.log(`  share: the digest is ${((100 * full!.opsPerSecond) / digests!.opsPerSecond).toFixed(0)}% of a full validation's time, the schema ${((100 * full!.opsPerSecond) / schema!.opsPerSecond).toFixed(0)}%`);
}
