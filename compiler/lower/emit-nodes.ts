// Units to editor nodes: `data.config` as docs/flow-json.md defines it, a short label for the
// editor, and the source span of every part in the source map.
import type { Expr } from "../../grammar/expression/ast.js";
import type * as A from "../../grammar/rule/ast.js";
import { defaultOutputName, pointText } from "../../grammar/rule/ast.js";
import type { SourceSpan } from "../../grammar/source/span.js";
import { printExpression } from "../expression/print.js";
import type { SourceMap } from "./source-map.js";
import type { Unit } from "./units.js";
import { numeric } from "./resolve-points.js";

export type NodeUnit = Exclude<Unit, { kind: "fork" | "goto" }>;
export type Config = Record<string, unknown>;

export interface EmittedNode {
  id: string;
  type: string;
  label: string;
  config: Config;
}

/** The node of a unit; `at` is its JSON Pointer in the document, for the source map. */
export function emitNode(unit: NodeUnit, wires: Record<string, string[]>, at: string, map: SourceMap): EmittedNode {
  map.set(at, unit.span);
  map.set(`${at}/data/config/wires`, unit.span);
  const config = at + "/data/config";
  const node = (type: string, label: string, body: Config): EmittedNode => ({ id: unit.id, type, label, config: { ...body, wires } });
  switch (unit.kind) {
    case "input": {
      const variables = unit.statements.filter((s): s is A.InputStatement => s.kind === "input");
      const params = unit.statements.filter((s): s is A.ParamStatement => s.kind === "param");
      variables.forEach((v, i) => mapPoint(map, `${config}/variables/${i}`, v, v.point));
      params.forEach((p, i) => {
        map.set(`${config}/params/${i}`, p.span);
        map.set(`${config}/params/${i}/name`, p.nameSpan);
        map.set(`${config}/params/${i}/value`, p.valueSpan);
      });
      const body: Config = { variables: variables.map((v) => ({ name: v.name, ...pointConfig(v.point) })) };
      if (params.length > 0) body.params = params.map((p) => ({ name: p.name, value: p.value }));
      return node("input", `Read ${unit.statements.map((s) => s.name).join(", ")}`, body);
    }
    case "calc":
      unit.statements.forEach((s, i) => {
        map.set(`${config}/assign/${i}`, s.span);
        map.set(`${config}/assign/${i}/name`, s.nameSpan);
        mapExpression(map, `${config}/assign/${i}/expr`, s.expr);
      });
      return node("calc", `Calculate ${unit.statements.map((s) => s.name).join(", ")}`, {
        assign: unit.statements.map((s) => ({ name: s.name, expr: printExpression(s.expr) })),
      });
    case "change":
      unit.statements.forEach((s, i) => {
        mapPoint(map, `${config}/writes/${i}`, s, s.target);
        mapExpression(map, `${config}/writes/${i}/value`, s.value);
      });
      return node("change", `Write ${unit.statements.map((s) => pointText(s.target)).join(", ")}`, {
        writes: unit.statements.map((s) => ({ ...pointConfig(s.target), value: printExpression(s.value) })),
      });
    case "period_delta": {
      const s = unit.statement;
      mapPoint(map, config, s, s.point);
      map.set(`${config}/period_ms`, s.periodSpan);
      return node("period_delta", `Delta of ${s.name}`, { name: s.name, ...pointConfig(s.point), period_ms: s.periodMs });
    }
    case "switch": {
      const s = unit.statement;
      map.set(`${config}/mode`, s.span);
      s.cases.forEach((c, i) => {
        map.set(`${config}/rules/${i}`, c.span);
        map.set(`${config}/rules/${i}/output`, c.outputSpan ?? c.span);
        mapExpression(map, `${config}/rules/${i}/condition`, c.condition);
      });
      const rules = s.cases.map((c, i) => ({ output: c.output ?? defaultOutputName(i + 1), condition: printExpression(c.condition) }));
      return node("switch", s.mode === "all" ? "Match all" : "When", { mode: s.mode, rules });
    }
    case "end":
      return { id: unit.id, type: "end", label: "End", config: {} };
  }
}

function mapPoint(map: SourceMap, at: string, statement: { span: SourceSpan; nameSpan?: SourceSpan }, point: A.PointSource): void {
  map.set(at, statement.span);
  if (statement.nameSpan !== undefined) map.set(`${at}/name`, statement.nameSpan);
  for (const key of ["instance", "point_type", "point"]) map.set(`${at}/${key}`, point.span);
}

function mapExpression(map: SourceMap, at: string, expr: Expr): void {
  map.set(at, expr.span, expr);
}

export function pointConfig(source: A.PointSource): { instance: number; point_type: string; point: number } {
  const point = numeric(source);
  return { instance: point.instance, point_type: point.pointType, point: point.point };
}
