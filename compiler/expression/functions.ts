// The built-in functions: arity and the JavaScript each compiles to. All take and return numbers.

export interface BuiltinFunction {
  minArgs: number;
  maxArgs: number;
  /** JavaScript for a call, given the JavaScript of its (already parenthesised) arguments. */
  emit(args: string[]): string;
}

const math = (fn: string, arity: number): BuiltinFunction => ({
  minArgs: arity,
  maxArgs: arity,
  emit: (args) => `Math.${fn}(${args.join(", ")})`,
});

export const BUILTIN_FUNCTIONS: ReadonlyMap<string, BuiltinFunction> = new Map([
  ["abs", math("abs", 1)],
  ["floor", math("floor", 1)],
  ["ceil", math("ceil", 1)],
  ["round", math("round", 1)], // halves round towards +Infinity, as Math.round
  ["sqrt", math("sqrt", 1)],
  ["pow", math("pow", 2)],
  ["min", { minArgs: 2, maxArgs: Infinity, emit: (args) => `Math.min(${args.join(", ")})` }],
  ["max", { minArgs: 2, maxArgs: Infinity, emit: (args) => `Math.max(${args.join(", ")})` }],
  // clamp(x, lo, hi): x limited to [lo, hi]; NaN stays NaN.
  ["clamp", { minArgs: 3, maxArgs: 3, emit: ([x, lo, hi]) => `Math.min(Math.max(${x}, ${lo}), ${hi})` }],
]);

/** Words that cannot name a variable: literals, word operators and function names. */
export const RESERVED_NAMES: ReadonlySet<string> = new Set(["true", "false", "and", "or", "not", ...BUILTIN_FUNCTIONS.keys()]);
