// Every binding of a pack, resolved: the commissioned tasks the runtime can run, and the bindings
// it refuses, each with why. A refused binding never yields a partial task; the others are not
// held back by it. Pure.
import type { PackDiagnostic, PackInput } from "../../../compiler/contracts/pack/index.js";
import type { CommissionedTask } from "./commissioned-task.js";
import { resolveBinding } from "./resolve-binding.js";

export interface RefusedBinding {
  binding: { id: string; revision: number };
  /** The binding's file. */
  file: string;
  diagnostics: PackDiagnostic[];
}

export interface CommissionedPack {
  /** In the pack's binding order. */
  commissioned: CommissionedTask[];
  refused: RefusedBinding[];
  /** Warnings of the resolved bindings' checks. */
  warnings: PackDiagnostic[];
}

export function commissionPack(pack: PackInput): CommissionedPack {
  const result: CommissionedPack = { commissioned: [], refused: [], warnings: [] };
  for (const binding of pack.bindings) {
    const resolution = resolveBinding(pack, binding);
    if (resolution.ok) {
      result.commissioned.push(resolution.commissioned);
      result.warnings.push(...resolution.warnings);
    } else {
      result.refused.push({ binding: { id: binding.document.id, revision: binding.document.revision }, file: binding.file, diagnostics: resolution.diagnostics });
    }
  }
  return result;
}

/** The commissioned task of a binding revision; undefined when the pack has none (or refused it). */
export function findCommissioned(pack: CommissionedPack, bindingId: string, bindingRevision: number): CommissionedTask | undefined {
  return pack.commissioned.find((c) => c.binding.id === bindingId && c.binding.revision === bindingRevision);
}
