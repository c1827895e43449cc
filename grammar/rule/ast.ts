// The rule AST: what a rule file says, as plain values with source spans. The DSL parser and the
// YAML front end both produce it; lowering turns it into an editor document; the printer turns
// it back into DSL text. Statements are kept as written (line by line): which of them share an
// editor node is decided by lowering (see docs/dsl.md, "Nodes").
import type { Expr } from "../expression/ast.js";
import type { SourceSpan } from "../source/span.js";

export interface RuleFile {
  rules: RuleDecl[];
  /** Comments in source order (DSL only), so that `svc fmt` keeps them. */
  comments: Comment[];
}

export interface Comment {
  /** The comment as written, `// ...` or `/* ... *\/`. */
  text: string;
  span: SourceSpan;
}

export interface RuleDecl {
  kind: "rule";
  name: string;
  nameSpan: SourceSpan;
  settings: RuleSettings;
  /** Statements and block declarations, in source order. */
  items: RuleItem[];
  span: SourceSpan;
}

/** Each setting is optional; absent means the default (empty description, priority 0, no cooldown, no trigger). */
export interface RuleSettings {
  description?: Setting<string>;
  priority?: Setting<number>;
  cooldownMs?: Setting<number>;
  trigger?: Setting<Trigger>;
  /** The settings in source order, for the printer. */
  order: Array<"description" | "priority" | "cooldownMs" | "trigger">;
}

export interface Setting<T> {
  value: T;
  /** The whole setting, keyword included. */
  span: SourceSpan;
  /** The value alone. */
  valueSpan: SourceSpan;
}

export type Trigger = IntervalTrigger | OnChangeTrigger;

export interface IntervalTrigger {
  kind: "every";
  intervalMs: number;
}

export interface OnChangeTrigger {
  kind: "on_change";
  /** Input variable names (resolved to their points by lowering) or points written out. */
  points: Array<NamedPointRef | PointSource>;
  /** `deadband 5s`: time_deadband_ms. */
  deadbandMs?: Setting<number>;
  /** `value 0.2` (absolute) or `value 2%` (percent). */
  valueDeadband?: Setting<{ absolute: number } | { percent: number }>;
}

export interface NamedPointRef {
  kind: "name";
  name: string;
  span: SourceSpan;
}

/** `measurement(12, 3)` or `action(7, 1)`. */
export interface PointRef {
  kind: "point";
  pointType: "measurement" | "action";
  instance: number;
  point: number;
  span: SourceSpan;
}

/**
 * `ahu1.cooling_stage` (the instance by its key) or `"AHU-1".cooling_stage` (by its name, in
 * quotes): a point by the names site.yaml gives it, kept as written; lowering resolves it with
 * the site to a PointRef (its type comes from the site).
 */
export interface SitePointName {
  kind: "site";
  /** The instance's key, or (quoted) its name. */
  instance: string;
  quoted: boolean;
  instanceSpan: SourceSpan;
  /** The point's name within the instance. */
  name: string;
  nameSpan: SourceSpan;
  span: SourceSpan;
}

/** A point as a rule file writes it: by numbers or by names. */
export type PointSource = PointRef | SitePointName;

export type RuleItem = Statement | BlockDecl;

/** `block name { ... }`: a named sequence that `goto name` leads to; where paths join. */
export interface BlockDecl {
  kind: "block";
  name: string;
  nameSpan: SourceSpan;
  body: Statement[];
  span: SourceSpan;
}

export type Statement =
  | InputStatement
  | ParamStatement
  | LetStatement
  | WriteStatement
  | DeltaStatement
  | NodeStatement
  | SwitchStatement
  | ForkStatement
  | GotoStatement
  | EndStatement;

/** Statements that can share one editor node (see NodeStatement). */
export type SimpleStatement = InputStatement | ParamStatement | LetStatement | WriteStatement;

/** `input zone_temp = measurement(12, 3)`: an input node variable. */
export interface InputStatement {
  kind: "input";
  name: string;
  nameSpan: SourceSpan;
  point: PointSource;
  span: SourceSpan;
}

/** `param setpoint = 22.5`: an input node parameter (a number or a boolean). */
export interface ParamStatement {
  kind: "param";
  name: string;
  nameSpan: SourceSpan;
  value: number | boolean;
  valueSpan: SourceSpan;
  span: SourceSpan;
}

/** `let error = zone_temp - setpoint`: a calc node assignment. */
export interface LetStatement {
  kind: "let";
  name: string;
  nameSpan: SourceSpan;
  expr: Expr;
  span: SourceSpan;
}

/** `write action(7, 1) = 2`: a change node write. */
export interface WriteStatement {
  kind: "write";
  target: PointSource;
  value: Expr;
  span: SourceSpan;
}

/** `delta energy = measurement(3, 10) over 15m`: a period_delta node. */
export interface DeltaStatement {
  kind: "delta";
  name: string;
  nameSpan: SourceSpan;
  point: PointSource;
  periodMs: number;
  periodSpan: SourceSpan;
  span: SourceSpan;
}

/** `node { ... }`: simple statements of one kind made into exactly one editor node of their own. */
export interface NodeStatement {
  kind: "node";
  statements: SimpleStatement[];
  span: SourceSpan;
}

/**
 * A switch node: consecutive `when`s with an optional `else` (mode first), or
 * `match first|all { when ... else ... }` (`explicit`).
 */
export interface SwitchStatement {
  kind: "switch";
  mode: "first" | "all";
  /** Written as `match ... { }`; a bare `when` chain is always mode first. */
  explicit: boolean;
  cases: SwitchCase[];
  otherwise?: Branch;
  span: SourceSpan;
}

export interface SwitchCase {
  /** `when hot: cond { }` names the output; unnamed cases get `case_<n>` (1-based). */
  output?: string;
  outputSpan?: SourceSpan;
  condition: Expr;
  body: Statement[];
  span: SourceSpan;
}

export interface Branch {
  body: Statement[];
  span: SourceSpan;
}

/** `fork { ... } { ... }`: every branch runs, in order (a wire with several targets). */
export interface ForkStatement {
  kind: "fork";
  branches: Branch[];
  span: SourceSpan;
}

/** `goto name`: continue with a block; ends the sequence. */
export interface GotoStatement {
  kind: "goto";
  block: string;
  blockSpan: SourceSpan;
  span: SourceSpan;
}

/** `end`: this path ends at an end node of its own; ends the sequence. */
export interface EndStatement {
  kind: "end";
  span: SourceSpan;
}

/** `measurement(12, 3)`, `action(7, 1)`, `ahu1.cooling_stage` or `"AHU-1".cooling_stage`: a point as the DSL writes it. */
export function pointText(point: PointSource): string {
  if (point.kind === "site") return `${point.quoted ? JSON.stringify(point.instance) : point.instance}.${point.name}`;
  return `${point.pointType}(${point.instance}, ${point.point})`;
}

/** The generated output name of the n-th case (1-based) of a switch. */
export function defaultOutputName(n: number): string {
  return `case_${n}`;
}

/** The span of generated AST (decompiled or synthesised): line 1, column 1, empty. */
export const NO_SPAN: SourceSpan = { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 1, offset: 0 } };
