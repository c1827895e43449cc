// Type checking: every name resolves, every function exists with the right arity, and operands
// have the types their operators need. Logic and conditions accept numbers too (non-zero and
// not NaN is true), because digital points arrive as 0/1 measurements.
import type { Diagnostic, SourceSpan } from "../../generated/types.js";
import { closestName } from "../../generated/support/closest-name.js";
import type { BinaryExpr, CallExpr, Expr } from "../../grammar/expression/index.js";
import { BUILTIN_FUNCTIONS } from "./functions.js";
import type { ValueType } from "./value-type.js";

export interface ExpressionScope {
  /**
   * The type of a variable in scope; undefined for a name not in scope; null for a name whose
   * definition had an error (already reported), so its uses stay silent instead of cascading.
   */
  typeOf(name: string): ValueType | null | undefined;
  /** The names in scope, for "did you mean" suggestions (asked only after a mistake). */
  names(): Iterable<string>;
  /** A more precise diagnostic for a name that is not in scope, when the caller knows why. */
  explainUnknown?: (name: string) => { code: string; message: string } | undefined;
}

export interface CheckResult {
  /** The expression's type; undefined when it has errors. */
  type?: ValueType;
  /** The type of every sub-expression, for code generation (empty when not asked for). */
  types: Map<Expr, ValueType>;
  diagnostics: Diagnostic[];
}

/** A scope of a fixed set of variables. */
export function scopeOf(variables: ReadonlyMap<string, ValueType>): ExpressionScope {
  return { typeOf: (name) => variables.get(name), names: () => variables.keys() };
}

/**
 * Checks an expression. `types` says whether to record every sub-expression's type: code
 * generation needs them, a check alone does not (keying a map by every AST node is most of the
 * cost of checking, issue 19.5).
 */
export function checkExpression(ast: Expr, scope: ExpressionScope, { types = true }: { types?: boolean } = {}): CheckResult {
  const checker = new Checker(scope, types);
  const type = checker.check(ast);
  // the checker's own list, empty when the check passed
  return type === undefined || checker.diagnostics.length > 0 ? { types: checker.types, diagnostics: checker.diagnostics } : { type, types: checker.types, diagnostics: checker.diagnostics };
}

const ARITHMETIC = new Set(["*", "/", "%", "+", "-"]);
const COMPARISON = new Set(["<", "<=", ">", ">="]);
const EQUALITY = new Set(["==", "!="]);

// A check without types shares this one empty map rather than making one per expression.
const NO_TYPES: Map<Expr, ValueType> = new Map();

class Checker {
  readonly types: Map<Expr, ValueType>;
  readonly diagnostics: Diagnostic[] = [];

  constructor(
    private readonly scope: ExpressionScope,
    private readonly recordTypes: boolean,
  ) {
    this.types = recordTypes ? new Map() : NO_TYPES;
  }

  // Returns undefined after reporting an error, so one mistake is reported once.
  check(expr: Expr): ValueType | undefined {
    const type = this.infer(expr);
    if (type !== undefined && this.recordTypes) this.types.set(expr, type);
    return type;
  }

  private infer(expr: Expr): ValueType | undefined {
    switch (expr.kind) {
      case "number":
        return "number";
      case "boolean":
        return "boolean";
      case "variable":
        return this.variable(expr.name, expr.span);
      case "unary": {
        const operand = this.check(expr.operand);
        if (expr.operator === "!") return operand && "boolean";
        return this.expect(operand, "number", expr.operand, "-", "needs a number") ? "number" : undefined;
      }
      case "binary":
        return this.binary(expr);
      case "conditional": {
        const test = this.check(expr.test);
        const consequent = this.check(expr.consequent);
        const alternate = this.check(expr.alternate);
        if (test === undefined || consequent === undefined || alternate === undefined) return undefined;
        if (consequent !== alternate) {
          return this.error("expr/type-mismatch", expr.span, `both branches of '? :' must have one type, not a ${consequent} and a ${alternate}`);
        }
        return consequent;
      }
      case "call":
        return this.call(expr);
    }
  }

  private variable(name: string, span: SourceSpan): ValueType | undefined {
    const type = this.scope.typeOf(name);
    if (type === null) return undefined;
    if (type !== undefined) return type;
    const explained = this.scope.explainUnknown?.(name);
    if (explained !== undefined) return this.error(explained.code, span, explained.message);
    const near = closestName(name, this.scope.names());
    return this.error("expr/unknown-variable", span, `unknown variable '${name}'`, near && `did you mean '${near}'?`);
  }

  private binary(expr: BinaryExpr): ValueType | undefined {
    const left = this.check(expr.left);
    const right = this.check(expr.right);
    const op = expr.operator;
    if (left === undefined || right === undefined) return undefined;
    if (op === "&&" || op === "||") return "boolean";
    if (EQUALITY.has(op)) {
      if (left === right) return "boolean";
      return this.error("expr/type-mismatch", expr.span, `'${op}' compares values of one type, not a ${left} and a ${right}`);
    }
    const ok = this.expect(left, "number", expr.left, op, "needs numbers") && this.expect(right, "number", expr.right, op, "needs numbers");
    if (!ok) return undefined;
    if (ARITHMETIC.has(op)) return "number";
    if (COMPARISON.has(op)) return "boolean";
    return undefined;
  }

  private call(expr: CallExpr): ValueType | undefined {
    const fn = BUILTIN_FUNCTIONS.get(expr.callee);
    const argTypes = expr.args.map((arg) => this.check(arg));
    if (fn === undefined) {
      const near = closestName(expr.callee, BUILTIN_FUNCTIONS.keys());
      return this.error("expr/unknown-function", expr.calleeSpan, `unknown function '${expr.callee}'`, near && `did you mean '${near}'?`);
    }
    const n = expr.args.length;
    if (n < fn.minArgs || n > fn.maxArgs) {
      const expected = fn.minArgs === fn.maxArgs ? `${fn.minArgs}` : `at least ${fn.minArgs}`;
      return this.error("expr/arity", expr.span, `'${expr.callee}' takes ${expected} argument${fn.maxArgs === 1 ? "" : "s"}, not ${n}`);
    }
    let ok = true;
    for (let i = 0; i < argTypes.length; i++) ok = this.expect(argTypes[i], "number", expr.args[i]!, expr.callee, "needs numbers") && ok;
    return ok ? "number" : undefined;
  }

  // The message ("'+' needs numbers; ...") is built only for a mismatch (issue 19.5: not per operation).
  private expect(actual: ValueType | undefined, wanted: ValueType, operand: Expr, what: string, needs: string): boolean {
    if (actual === undefined) return false;
    if (actual === wanted) return true;
    // `not a > b` reads as `(not a) > b`: say so where it bites.
    const negated = operand.kind === "unary" && operand.operator === "!";
    const hint = negated ? "'!' and 'not' bind tighter than other operators: write not (a > b)" : undefined;
    this.error("expr/type-mismatch", operand.span, `'${what}' ${needs}; this is a ${actual}`, hint);
    return false;
  }

  private error(code: string, span: SourceSpan, message: string, suggestion?: string): undefined {
    this.diagnostics.push({ code, severity: "error", message, span, ...(suggestion ? { suggestion } : {}) });
    return undefined;
  }
}
