// Variables, by data flow over the nodes in topological order: every variable an expression
// reads is defined on every path to it, each name is defined once per path, names are not
// reserved words, and expressions type-check (a written value must be a number).
import type { Expr } from "../../grammar/expression/index.js";
import { checkExpression, type ExpressionScope } from "../expression/check.js";
import { RESERVED_NAMES } from "../expression/functions.js";
import { typeOfValue, type ValueType } from "../expression/value-type.js";
import { flowError, type Diagnostic } from "../diagnostics/diagnostic.js";
import { configPath, type FlowNodeEntry } from "../front-ends/flow-json/flow-model.js";
import { sitePath, type ExpressionSite, type ParsedExpressions } from "./parse-expressions.js";
import { LayeredMap } from "./layered-map.js";
import type { Definition, Definitions } from "./variable-scope.js";

/**
 * Variables at a point of the flow: defined on every path, and defined on at least one.
 * Shared between nodes until one of them defines a variable, which then adds a layer of its own.
 */
interface Scope {
  definite: Definitions;
  possible: Definitions;
  shared: boolean;
}

export function checkVariables(order: FlowNodeEntry[], parsed: ParsedExpressions, diagnostics: Diagnostic[]): void {
  // The scopes wired into each node, by its ordinal (every successor of a node in order is in order).
  const incoming: Array<Scope[] | undefined> = [];
  for (const entry of order) {
    const checker = new NodeChecker(entry, joinScopes(entry, incoming[entry.ordinal] ?? NO_SCOPES, diagnostics), parsed, diagnostics);
    const scope = checker.run();
    for (const { to } of entry.successors) {
      if (to === undefined) continue;
      const scopes = incoming[to.ordinal];
      if (scopes === undefined) incoming[to.ordinal] = [scope];
      else scopes.push(scope);
    }
  }
}

const NO_SCOPES: Scope[] = [];

function joinScopes(entry: FlowNodeEntry, scopes: Scope[], diagnostics: Diagnostic[]): Scope {
  const first = scopes[0];
  if (first === undefined) return { definite: LayeredMap.of(), possible: LayeredMap.of(), shared: false };
  if (scopes.length === 1) return { definite: first.definite, possible: first.possible, shared: true };
  // An end node's scope reaches no node (it has no successors) and no expression: only the
  // conflicts at the join are wanted there, not the variables defined on every path (issue 19.5).
  const wanted = entry.node.type !== "end";
  const definite = wanted ? first.definite.toMap() : new Map<string, Definition>();
  const possible = first.possible.toMap();
  const conflicts = new Set<string>();
  // What a scope shares with the first (or, for the union, with any merged before it) is defined
  // alike: only its newer layers need comparing.
  const firstLayers = wanted ? first.definite.chain() : undefined;
  const merged = first.possible.chain();
  // A scope met before (the branches of a switch that meet again without defining anything bring
  // the same one) changes neither the intersection nor the union: it is skipped.
  const met = new Map<Definitions, Definitions>([[first.definite, first.possible]]);
  for (let s = 1; s < scopes.length; s++) {
    const scope = scopes[s]!;
    if (met.get(scope.definite) === scope.possible) continue;
    met.set(scope.definite, scope.possible);
    if (firstLayers !== undefined) {
      const theirs = scope.definite.ownAbove(firstLayers);
      for (const layer of first.definite.ownAbove(theirs.meets).own) {
        for (const name of layer.keys()) if (!theirs.own.some((map) => map.has(name))) definite.delete(name);
      }
    }
    const added = scope.possible.ownAbove(merged);
    for (let i = added.own.length - 1; i >= 0; i--) {
      for (const [name, definition] of added.own[i]!) {
        const known = possible.get(name);
        if (known === undefined) possible.set(name, definition);
        else if (known.type !== definition.type && known.type !== null && definition.type !== null && !conflicts.has(name)) {
          conflicts.add(name);
          diagnostics.push(
            flowError("flow/variable-type-conflict", `variable '${name}' is a ${known.type} on one path to this node and a ${definition.type} on another`, {
              path: entry.path,
              nodeId: entry.id,
            }),
          );
        }
      }
    }
    for (const layer of added.layers) merged.add(layer);
  }
  for (const name of conflicts) {
    const poisoned = { type: null, by: possible.get(name)!.by };
    possible.set(name, poisoned);
    if (definite.has(name)) definite.set(name, poisoned);
  }
  return { definite: LayeredMap.of(definite), possible: LayeredMap.of(possible), shared: false };
}

/** Pointer tokens below a node's config: a diagnostic's path, built only when there is one. */
type ConfigTokens = Array<string | number>;

// The checker is also the expression checker's scope: names resolve in the current scope.
class NodeChecker implements ExpressionScope {
  constructor(
    private readonly entry: FlowNodeEntry,
    private scope: Scope,
    private readonly parsed: ParsedExpressions,
    private readonly diagnostics: Diagnostic[],
  ) {}

  /** Checks the node; returns the scope after it. */
  run(): Scope {
    this.check();
    return this.scope;
  }

  private check(): void {
    const { entry } = this;
    const node = entry.node;
    switch (node.type) {
      case "input": {
        const { variables, params = [] } = node.data.config;
        if (variables.length + params.length === 0) {
          this.error("flow/empty-input", "an input node must read at least one variable or load one parameter", configPath(entry));
        }
        variables.forEach((v, j) => this.define(v.name, "number", ["variables", j, "name"]));
        params.forEach((p, j) => this.define(p.name, typeOfValue(p.value), ["params", j, "name"]));
        return;
      }
      case "calc":
        node.data.config.assign.forEach((a, j) => {
          const type = this.expression(a, ["assign", j, "expr"]);
          this.define(a.name, type ?? null, ["assign", j, "name"]);
        });
        return;
      case "period_delta":
        this.define(node.data.config.name, "number", ["name"]);
        return;
      case "switch":
        node.data.config.rules.forEach((r, j) => this.expression(r, ["rules", j, "condition"]));
        return;
      case "change":
        node.data.config.writes.forEach((w, j) => {
          const at: ExpressionSite["at"] = ["writes", j, "value"];
          if (this.expression(w, at) === "boolean") {
            const path = sitePath(entry, at);
            this.error("expr/type-mismatch", "a written value must be a number, not a boolean", path, "write `condition ? 1 : 0`");
          }
        });
        return;
      default:
        return;
    }
  }

  private define(name: string, type: ValueType | null, at: ConfigTokens): void {
    if (RESERVED_NAMES.has(name)) {
      this.error("flow/reserved-name", `'${name}' is a reserved word or function name and cannot name a variable`, configPath(this.entry, ...at));
      type = null; // still defined, so its uses are not reported again as unknown
    }
    const earlier = this.scope.possible.get(name);
    if (earlier !== undefined) {
      const by = earlier.by === this.entry.id ? "earlier in this node" : `by node '${earlier.by}' on a path to this node`;
      this.error("flow/duplicate-variable", `variable '${name}' is already defined ${by}; each name is defined once per path`, configPath(this.entry, ...at));
      return;
    }
    const definition: Definition = { type, by: this.entry.id };
    if (this.scope.shared) this.scope = { definite: this.scope.definite.layer(), possible: this.scope.possible.layer(), shared: false };
    this.scope.definite.set(name, definition);
    this.scope.possible.set(name, definition);
  }

  private expression(holder: object, at: ExpressionSite["at"]): ValueType | undefined {
    const ast: Expr | undefined = this.parsed.get(holder);
    if (ast === undefined) return undefined; // syntax errors are already reported
    const result = checkExpression(ast, this, { types: false });
    if (result.diagnostics.length > 0) {
      const path = sitePath(this.entry, at);
      for (const d of result.diagnostics) this.diagnostics.push({ ...d, path, nodeId: this.entry.id });
    }
    return result.type;
  }

  typeOf(name: string): ValueType | null | undefined {
    return this.scope.definite.get(name)?.type;
  }

  names(): Iterable<string> {
    return this.scope.definite.names();
  }

  explainUnknown(name: string): { code: string; message: string } | undefined {
    const somewhere = this.scope.possible.get(name);
    return somewhere === undefined
      ? undefined
      : {
          code: "flow/variable-not-on-every-path",
          message: `variable '${name}' is defined by node '${somewhere.by}' on some paths to this node, but not on all`,
        };
  }

  private error(code: string, message: string, path: string, suggestion?: string): void {
    this.diagnostics.push(flowError(code, message, { path, nodeId: this.entry.id, suggestion }));
  }
}
