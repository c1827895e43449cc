// Wires: each node wires exactly the outputs it has, every output leads somewhere (so every path
// can reach an end), and every target is an existing node. Returns whether all wires are sound.
import { closestName } from "../../generated/support/closest-name.js";
import { didYouMean, flowError, type Diagnostic, type Where } from "../diagnostics/diagnostic.js";
import { configPath, type FlowModel, type FlowNodeEntry } from "../front-ends/flow-json/flow-model.js";

export function checkWires(model: FlowModel, diagnostics: Diagnostic[]): boolean {
  const before = diagnostics.length;
  for (const entry of model.nodes) {
    checkSwitchOutputs(entry, diagnostics);
    checkOutputs(entry, diagnostics);
    checkTargets(model, entry, diagnostics);
  }
  return diagnostics.length === before;
}

// Rule outputs of a switch are unique and never `default`; other nodes have none.
function checkSwitchOutputs(entry: FlowNodeEntry, diagnostics: Diagnostic[]): void {
  if (entry.node.type !== "switch") return;
  const seen = new Set<string>();
  entry.node.data.config.rules.forEach((rule, j) => {
    // the path only when there is a diagnostic: building pointers is most of this check's cost
    const where = (): Where => ({ path: configPath(entry, "rules", j, "output"), nodeId: entry.id });
    if (rule.output === "default") {
      diagnostics.push(flowError("flow/reserved-output", "'default' is the output taken when no rule is true; name this output otherwise", where()));
    } else if (seen.has(rule.output)) {
      diagnostics.push(flowError("flow/duplicate-output", `output '${rule.output}' is already used by an earlier rule of this switch`, where()));
    }
    seen.add(rule.output);
  });
}

// Allocation-light (issue 19.5): the wires object is read in place, never copied into entries.
function checkOutputs(entry: FlowNodeEntry, diagnostics: Diagnostic[]): void {
  const expected = entry.outputs;
  const wires = entry.node.data.config.wires ?? {};
  const outputs = Object.keys(wires);
  for (const output of outputs) {
    if (expected.includes(output)) continue;
    const targets = wires[output] ?? [];
    const where = { path: configPath(entry, "wires", output), nodeId: entry.id };
    if (entry.node.type === "end") {
      if (targets.length > 0) diagnostics.push(flowError("flow/end-has-outputs", "an end node terminates its path and has no outputs", where));
      continue;
    }
    const known = expected.map((o) => `'${o}'`).join(", ");
    diagnostics.push(
      flowError("flow/unknown-output", `${entry.node.type} node '${entry.id}' has no output '${output}' (its outputs: ${known})`, {
        ...where,
        suggestion: didYouMean(closestName(output, expected)),
      }),
    );
  }
  for (const output of expected) {
    const wired = Object.hasOwn(wires, output);
    if (wired && (wires[output] ?? []).length > 0) continue;
    const path = wired ? configPath(entry, "wires", output) : configPath(entry, "wires");
    diagnostics.push(
      flowError(
        "flow/path-without-end",
        `output '${output}' of ${entry.node.type} node '${entry.id}' leads nowhere; every path must reach an end node`,
        { path, nodeId: entry.id },
      ),
    );
  }
}

function checkTargets(model: FlowModel, entry: FlowNodeEntry, diagnostics: Diagnostic[]): void {
  const wires = entry.node.data.config.wires ?? {};
  for (const output of Object.keys(wires)) {
    const targets = wires[output] ?? [];
    for (let j = 0; j < targets.length; j++) {
      const target = targets[j]!;
      if (model.byId.has(target)) continue;
      diagnostics.push(
        flowError("flow/unknown-target", `wire '${output}' of node '${entry.id}' leads to '${target}', which is not a node of this flow`, {
          path: configPath(entry, "wires", output, j),
          nodeId: entry.id,
          suggestion: didYouMean(closestName(target, model.byId.keys())),
        }),
      );
    }
  }
}
