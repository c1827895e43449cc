// Interval arithmetic for the out-of-range check (issue 17): for each expression, a closed interval
// of the extended reals that holds every value other than NaN the expression can take. Sound
// rather than tight: a bound is only ever widened, never guessed (NaN can never be in a point's
// range, so leaving it out keeps the proof sound). Floating-point rounding is monotone, so bounds
// computed with the same operations as the runtime hold; pow, which is not correctly rounded,
// is widened a little. Pure.

export interface Interval {
  readonly lo: number;
  readonly hi: number;
}

/** Every number. */
export const TOP: Interval = { lo: -Infinity, hi: Infinity };
/** No number: the expression is always NaN. */
export const EMPTY: Interval = { lo: Infinity, hi: -Infinity };

export function exact(value: number): Interval {
  return Number.isNaN(value) ? EMPTY : { lo: value, hi: value };
}

export function range(lo: number, hi: number): Interval {
  return Number.isNaN(lo) || Number.isNaN(hi) || lo > hi ? TOP : { lo, hi };
}

export function isEmpty(a: Interval): boolean {
  return a.lo > a.hi;
}

export function union(a: Interval, b: Interval): Interval {
  if (isEmpty(a)) return b;
  if (isEmpty(b)) return a;
  return { lo: Math.min(a.lo, b.lo), hi: Math.max(a.hi, b.hi) };
}

/** Whether no value of `a` lies in [lo, hi] (an empty `a` proves nothing: false). */
export function disjoint(a: Interval, lo: number, hi: number): boolean {
  return !isEmpty(a) && (a.hi < lo || a.lo > hi);
}

function contains(a: Interval, value: number): boolean {
  return a.lo <= value && value <= a.hi;
}

export function negate(a: Interval): Interval {
  return isEmpty(a) ? EMPTY : { lo: -a.hi, hi: -a.lo };
}

export function add(a: Interval, b: Interval): Interval {
  if (isEmpty(a) || isEmpty(b)) return EMPTY;
  const lo = a.lo + b.lo;
  const hi = a.hi + b.hi;
  // -Infinity + Infinity is NaN: that bound is unknown.
  return { lo: Number.isNaN(lo) ? -Infinity : lo, hi: Number.isNaN(hi) ? Infinity : hi };
}

export function subtract(a: Interval, b: Interval): Interval {
  return add(a, negate(b));
}

export function multiply(a: Interval, b: Interval): Interval {
  if (isEmpty(a) || isEmpty(b)) return EMPTY;
  // 0 * Infinity is NaN at run time (left out); as a bound it stands for the products near it, 0.
  const corners = [a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi].map((v) => (Number.isNaN(v) ? 0 : v));
  return { lo: Math.min(...corners), hi: Math.max(...corners) };
}

export function divide(a: Interval, b: Interval): Interval {
  if (isEmpty(a) || isEmpty(b)) return EMPTY;
  if (contains(b, 0)) return TOP; // x / 0 is ±Infinity, by the sign of x and of the zero
  const corners = [a.lo / b.lo, a.lo / b.hi, a.hi / b.lo, a.hi / b.hi];
  if (corners.some(Number.isNaN)) return TOP;
  return { lo: Math.min(...corners), hi: Math.max(...corners) };
}

/** JavaScript's `%`: the sign of the dividend, smaller in magnitude than the divisor and the dividend. */
export function remainder(a: Interval, b: Interval): Interval {
  if (isEmpty(a) || isEmpty(b)) return EMPTY;
  const divisor = Math.max(Math.abs(b.lo), Math.abs(b.hi));
  const hi = a.hi > 0 ? Math.min(a.hi, divisor) : 0;
  const lo = a.lo < 0 ? -Math.min(-a.lo, divisor) : 0;
  return { lo, hi };
}

export function abs(a: Interval): Interval {
  if (isEmpty(a)) return EMPTY;
  if (a.lo >= 0) return a;
  if (a.hi <= 0) return negate(a);
  return { lo: 0, hi: Math.max(-a.lo, a.hi) };
}

export function min(args: Interval[]): Interval {
  if (args.some(isEmpty)) return EMPTY; // Math.min with a NaN argument is NaN
  return { lo: Math.min(...args.map((a) => a.lo)), hi: Math.min(...args.map((a) => a.hi)) };
}

export function max(args: Interval[]): Interval {
  if (args.some(isEmpty)) return EMPTY;
  return { lo: Math.max(...args.map((a) => a.lo)), hi: Math.max(...args.map((a) => a.hi)) };
}

/** A non-decreasing function of one number (floor, ceil, round). */
export function monotone(a: Interval, fn: (x: number) => number): Interval {
  return isEmpty(a) ? EMPTY : { lo: fn(a.lo), hi: fn(a.hi) };
}

export function sqrt(a: Interval): Interval {
  if (isEmpty(a) || a.hi < 0) return EMPTY; // the square root of a negative number is NaN
  return { lo: Math.sqrt(Math.max(a.lo, 0)), hi: Math.sqrt(a.hi) };
}

/** Math.pow: exact for constants, bounded for a constant exponent, every number otherwise. */
export function pow(base: Interval, exponent: Interval): Interval {
  if (isEmpty(exponent)) return EMPTY;
  // NaN ** 0 is 1: a zero exponent gives 1 whatever the base.
  if (exponent.lo !== exponent.hi) return TOP;
  const y = exponent.lo;
  if (y === 0) return exact(1);
  if (isEmpty(base)) return EMPTY;
  // A zero base may be -0: (-0) ** -1 is -Infinity.
  if (base.lo === 0 && base.hi === 0 && y < 0) return TOP;
  if (base.lo === base.hi) return widen(exact(Math.pow(base.lo, y)));
  if (!Number.isFinite(y)) return TOP; // (-2) ** Infinity is Infinity, 0.5 ** Infinity is 0
  if (Number.isInteger(y) && y > 0) {
    if (y % 2 === 1) return widen({ lo: Math.pow(base.lo, y), hi: Math.pow(base.hi, y) });
    const m = abs(base);
    return widen({ lo: Math.pow(m.lo, y), hi: Math.pow(m.hi, y) });
  }
  // Other exponents: a negative base gives NaN (or, for negative integers, values of either sign).
  if (base.lo <= 0 && (Number.isInteger(y) || base.lo < 0)) return y > 0 ? nonNegative(base, y) : TOP;
  return y > 0 ? widen({ lo: Math.pow(base.lo, y), hi: Math.pow(base.hi, y) }) : widen({ lo: Math.pow(base.hi, y), hi: Math.pow(base.lo, y) });
}

// A positive fractional exponent of a base that may be negative: only the base's non-negative
// part gives numbers.
function nonNegative(base: Interval, y: number): Interval {
  // (-Infinity) ** 0.5 is Infinity, not NaN.
  if (base.lo === -Infinity) return { lo: base.hi < 0 ? Infinity : 0, hi: Infinity };
  if (base.hi < 0) return EMPTY;
  return widen({ lo: Math.pow(Math.max(base.lo, 0), y), hi: Math.pow(base.hi, y) });
}

// Math.pow is not correctly rounded: a bound may be off by an ulp or so.
function widen(a: Interval): Interval {
  if (isEmpty(a)) return a;
  const slack = (x: number): number => (Number.isFinite(x) ? Math.abs(x) * 1e-12 + Number.MIN_VALUE : 0);
  return { lo: a.lo - slack(a.lo), hi: a.hi + slack(a.hi) };
}
