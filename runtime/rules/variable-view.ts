// GET /api/rules/{id}/variables: the variables a rule reads or defines, with the live value of
// each point it reads, for monitoring.
import type { ExecutableRule } from "../engine/compile-rule.js";
import type { PointPlane } from "../points/point-plane.js";

export interface VariableView {
  name: string;
  kind: "input" | "period_delta" | "param" | "calc";
  /** The node that defines the variable. */
  node: string;
  instance?: number;
  point_type?: "measurement" | "action";
  point?: number;
  /** The point's name and unit in the site model; absent when the site does not declare it. */
  point_name?: string;
  unit?: string;
  /** Inputs: the live value (null when unavailable); params: the constant. */
  value?: number | boolean | null;
  /** Inputs: when the live value was set (RFC 3339); null when never. */
  updated_at?: string | null;
  period_ms?: number;
  expr?: string;
}

export function describeVariables(rule: ExecutableRule, plane: PointPlane): VariableView[] {
  return rule.variables.map((v): VariableView => {
    switch (v.kind) {
      case "param":
        return { name: v.name, kind: v.kind, node: v.node, value: v.value };
      case "calc":
        return { name: v.name, kind: v.kind, node: v.node, expr: v.expr };
      case "input":
      case "period_delta": {
        const info = v.index >= 0 ? plane.catalog.points[v.index] : undefined;
        const live = info === undefined ? NaN : plane.read(v.index);
        const at = info === undefined ? NaN : plane.live.timeOf(v.index);
        return {
          name: v.name,
          kind: v.kind,
          node: v.node,
          ...v.ref,
          ...(info !== undefined ? { point_name: info.name, unit: info.unit } : {}),
          ...(v.kind === "input" ? { value: live === live ? live : null, updated_at: at === at ? new Date(at).toISOString() : null } : { period_ms: v.period_ms }),
        };
      }
    }
  });
}
