// TEST ONLY: checkVariables as it was before issue 19.5 (a copy of every scope at every node that
// defines a variable), kept as the oracle that the layered scopes report exactly what it reported.
// Variables, by data flow over the nodes in topological order: every variable an expression
// reads is defined on every path to it, each name is defined once per path, names are not
// reserved words, and expressions type-check (a written value must be a number).
import type { Expr } from "../../../grammar/expression/index.js";
import { checkExpression } from "../../../compiler/expression/check.js";
import { RESERVED_NAMES } from "../../../compiler/expression/functions.js";
import { typeOfValue, type ValueType } from "../../../compiler/expression/value-type.js";
import { flowError, type Diagnostic } from "../../../compiler/diagnostics/diagnostic.js";
import { configPath, type FlowNodeEntry } from "../../../compiler/front-ends/flow-json/flow-model.js";
import { sitePath, type ExpressionSite, type ParsedExpressions } from "../../../compiler/passes/parse-expressions.js";

interface Definition {
  /** null when the definition had an error: uses stay silent rather than cascading. */
  type: ValueType | null;
  /** The node that defines the variable. */
  by: string;
}

/**
 * Variables at a point of the flow: defined on every path, and defined on at least one.
 * Shared between nodes until one of them defines a variable (copy on write).
 */
interface Scope {
  definite: Map<string, Definition>;
  possible: Map<string, Definition>;
  shared: boolean;
}

export function checkVariablesByCopying(order: FlowNodeEntry[], parsed: ParsedExpressions, diagnostics: Diagnostic[]): void {
  const incoming = new Map<string, Scope[]>();
  for (const entry of order) {
    const checker = new NodeChecker(entry, joinScopes(entry, incoming.get(entry.id) ?? [], diagnostics), parsed, diagnostics);
    const scope = checker.run();
    for (const { target } of entry.successors) {
      if (!incoming.has(target)) incoming.set(target, []);
      incoming.get(target)!.push(scope);
    }
  }
}

function joinScopes(entry: FlowNodeEntry, scopes: Scope[], diagnostics: Diagnostic[]): Scope {
  const [first, ...rest] = scopes;
  if (first === undefined) return { definite: new Map(), possible: new Map(), shared: false };
  if (rest.length === 0) return { ...first, shared: true };
  const definite = new Map(first.definite);
  const possible = new Map(first.possible);
  const conflicts = new Set<string>();
  for (const scope of rest) {
    for (const name of definite.keys()) if (!scope.definite.has(name)) definite.delete(name);
    for (const [name, definition] of scope.possible) {
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
  for (const name of conflicts) {
    const poisoned = { type: null, by: possible.get(name)!.by };
    possible.set(name, poisoned);
    if (definite.has(name)) definite.set(name, poisoned);
  }
  return { definite, possible, shared: false };
}

class NodeChecker {
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
        variables.forEach((v, j) => this.define(v.name, "number", configPath(entry, "variables", j, "name")));
        params.forEach((p, j) => this.define(p.name, typeOfValue(p.value), configPath(entry, "params", j, "name")));
        return;
      }
      case "calc":
        node.data.config.assign.forEach((a, j) => {
          const type = this.expression(a, ["assign", j, "expr"]);
          this.define(a.name, type ?? null, configPath(entry, "assign", j, "name"));
        });
        return;
      case "period_delta":
        this.define(node.data.config.name, "number", configPath(entry, "name"));
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

  private define(name: string, type: ValueType | null, path: string): void {
    if (RESERVED_NAMES.has(name)) {
      this.error("flow/reserved-name", `'${name}' is a reserved word or function name and cannot name a variable`, path);
      type = null; // still defined, so its uses are not reported again as unknown
    }
    const earlier = this.scope.possible.get(name);
    if (earlier !== undefined) {
      const by = earlier.by === this.entry.id ? "earlier in this node" : `by node '${earlier.by}' on a path to this node`;
      this.error("flow/duplicate-variable", `variable '${name}' is already defined ${by}; each name is defined once per path`, path);
      return;
    }
    const definition: Definition = { type, by: this.entry.id };
    if (this.scope.shared) this.scope = { definite: new Map(this.scope.definite), possible: new Map(this.scope.possible), shared: false };
    this.scope.definite.set(name, definition);
    this.scope.possible.set(name, definition);
  }

  private expression(holder: object, at: ExpressionSite["at"]): ValueType | undefined {
    const ast: Expr | undefined = this.parsed.get(holder);
    if (ast === undefined) return undefined; // syntax errors are already reported
    const { definite, possible } = this.scope;
    const result = checkExpression(ast, {
      typeOf: (name) => definite.get(name)?.type,
      names: () => definite.keys(),
      explainUnknown: (name) => {
        const somewhere = possible.get(name);
        return somewhere === undefined
          ? undefined
          : {
              code: "flow/variable-not-on-every-path",
              message: `variable '${name}' is defined by node '${somewhere.by}' on some paths to this node, but not on all`,
            };
      },
    });
    if (result.diagnostics.length > 0) {
      const path = sitePath(this.entry, at);
      for (const d of result.diagnostics) this.diagnostics.push({ ...d, path, nodeId: this.entry.id });
    }
    return result.type;
  }

  private error(code: string, message: string, path: string, suggestion?: string): void {
    this.diagnostics.push(flowError(code, message, { path, nodeId: this.entry.id, suggestion }));
  }
}
