// Random valid editor documents for property tests, drawn imperatively with fc.gen().
// Every flow is valid by construction: variables are defined before use on every path,
// branches rejoin, ids are unique, and fan-outs stay few enough to respect the execution bound.
import fc from "fast-check";
import type { FlowJson } from "../../generated/types.js";
import { drawExpression, type Draw, type VariableInScope } from "./expression-arbitraries.js";
import { seededRandom } from "./seeded-random.js";

type Json = Record<string, unknown>;
interface Pending {
  node: Json;
  output: string;
}

// Odd ids on purpose: JSON Pointer escapes, prototype names, spaces, non-ASCII.
const ID_PREFIXES = ["n", "node-", "__proto__", "constructor", "a/b~c", "ünï ", "x"];

export function drawValidFlow(g: Draw): FlowJson {
  return new FlowDraw(g).draw();
}

/** The worst-case run count of any drawn node (see FlowDraw.runs). */
const MAX_RUNS = 8;

class FlowDraw {
  private readonly nodes: Json[] = [];
  private pending: Pending[] = [];
  private readonly scope: VariableInScope[] = [];
  private names = 0;
  private fanOuts = 0;
  /**
   * How often, at worst, the nodes attached next run in one execution: fan-outs and `all`
   * switches multiply it. Kept at most MAX_RUNS so that a drawn flow stays within the compiler's
   * execution bound (flow/too-costly, issue 16.12) as well as its visit bound.
   */
  private runs = 1;

  constructor(private readonly g: Draw) {}

  draw(): FlowJson {
    const g = this.g;
    this.attach(this.node("start", {}));
    this.input();
    const segments = g(fc.nat, { max: 9 });
    for (let i = 0; i < segments; i++) {
      const kind = g(fc.constantFrom, "input", "calc", "period_delta", "change", "switch", "fan_out");
      if (kind === "input") this.input();
      else if (kind === "calc") this.calc();
      else if (kind === "period_delta") this.periodDelta();
      else if (kind === "change") this.attach(this.change());
      else if (kind === "switch") this.switchNode();
      else this.fanOut();
    }
    this.attach(this.node("end", {}));
    // Shuffled by a drawn seed: fc.gen memoises each arbitrary by its arguments, compared deeply
    // with every earlier one, so drawing with the node array as an argument made runs quadratic
    // (one CI run spent ten minutes in the mutation property).
    const nodes = shuffled(this.nodes, seededRandom(g(fc.nat)));
    const flow = { nodes, edges: g(fc.boolean) ? this.edges() : [] } as Json;
    if (g(fc.boolean)) flow.viewport = { x: g(fc.integer), y: g(fc.integer), zoom: 1 };
    return flow as unknown as FlowJson;
  }

  private node(type: string, config: Json): Json {
    const g = this.g;
    const id = `${g(fc.constantFrom, ...ID_PREFIXES)}${this.nodes.length}`;
    const data: Json = { config: type === "end" ? config : { ...config, wires: {} } };
    if (g(fc.boolean)) data.label = g(fc.string, { maxLength: 12 });
    const node = { id, type, position: { x: g(fc.integer, { min: -2000, max: 2000 }), y: g(fc.integer, { min: -2000, max: 2000 }) }, data };
    this.nodes.push(node);
    return node;
  }

  private connect(from: Json, output: string, to: Json): void {
    const wires = (from.data as { config: { wires: Record<string, string[]> } }).config.wires;
    (wires[output] ??= []).push(to.id as string);
  }

  // Wires every pending output to `node`, which becomes the only pending output.
  private attach(node: Json, output = "default"): void {
    for (const p of this.pending) this.connect(p.node, p.output, node);
    this.pending = node.type === "end" ? [] : [{ node, output }];
  }

  private newName(): string {
    return `v${this.names++}`;
  }

  private input(): void {
    const g = this.g;
    const variables = Array.from({ length: g(fc.nat, { max: 3 }) }, () => ({
      name: this.newName(),
      instance: g(fc.nat, { max: 50 }),
      point_type: g(fc.constantFrom, "measurement", "action"),
      point: g(fc.nat, { max: 200 }),
    }));
    const params = Array.from({ length: variables.length === 0 ? 1 : g(fc.nat, { max: 2 }) }, () => ({
      name: this.newName(),
      value: g(fc.boolean) ? g(fc.boolean) : g(fc.double, { noNaN: true, noDefaultInfinity: true }),
    }));
    const config: Json = { variables };
    if (params.length > 0 || g(fc.boolean)) config.params = params;
    this.attach(this.node("input", config));
    for (const v of variables) this.scope.push({ name: v.name, type: "number" });
    for (const p of params) this.scope.push({ name: p.name, type: typeof p.value === "boolean" ? "boolean" : "number" });
  }

  private calc(): void {
    const g = this.g;
    const assign: Json[] = [];
    const defined: VariableInScope[] = [];
    for (let i = 0, n = 1 + g(fc.nat, { max: 2 }); i < n; i++) {
      const type = g(fc.constantFrom, "number", "boolean") as VariableInScope["type"];
      const variable = { name: this.newName(), type };
      assign.push({ name: variable.name, expr: drawExpression(g, [...this.scope, ...defined], type) });
      defined.push(variable); // later assignments of the node may read earlier ones
    }
    this.attach(this.node("calc", { assign }));
    this.scope.push(...defined);
  }

  private periodDelta(): void {
    const g = this.g;
    const name = this.newName();
    const config = {
      name,
      instance: g(fc.nat, { max: 50 }),
      point_type: g(fc.constantFrom, "measurement", "action"),
      point: g(fc.nat, { max: 200 }),
      period_ms: g(fc.integer, { min: 1, max: 86_400_000 }),
    };
    this.attach(this.node("period_delta", config));
    this.scope.push({ name, type: "number" });
  }

  private change(): Json {
    const g = this.g;
    const writes = Array.from({ length: 1 + g(fc.nat, { max: 1 }) }, () => ({
      instance: g(fc.nat, { max: 50 }),
      point_type: "action",
      point: g(fc.nat, { max: 200 }),
      value: drawExpression(g, this.scope, "number"),
    }));
    return this.node("change", { writes });
  }

  private switchNode(): void {
    const g = this.g;
    // The compiler counts a node after rejoining branches once per branch (whatever the mode), so
    // the branches (outputs and default) are bounded by what MAX_RUNS leaves.
    const budget = Math.floor(MAX_RUNS / this.runs);
    if (budget < 2) return this.calc();
    const outputs = Array.from({ length: 1 + g(fc.nat, { max: Math.min(2, budget - 2) }) }, (_, i) => `out_${i}`);
    const config: Json = { rules: outputs.map((output) => ({ output, condition: drawExpression(g, this.scope, g(fc.constantFrom, "number", "boolean")) })) };
    const mode = g(fc.constantFrom, undefined, "first", "all");
    if (mode !== undefined) config.mode = mode;
    const sw = this.node("switch", config);
    this.attach(sw);
    // Either every rejoining branch defines one new variable, or none does.
    const joined = g(fc.boolean) ? { name: this.newName(), type: g(fc.constantFrom, "number", "boolean") as VariableInScope["type"] } : undefined;
    const all = [...outputs, "default"];
    const rejoining = g(fc.nat, { max: all.length - 1 });
    const next: Pending[] = [];
    all.forEach((output, i) => {
      const choice = i === rejoining ? g(fc.nat, { max: 1 }) : g(fc.nat, { max: 2 });
      if (choice === 2) return this.connect(sw, output, this.node("end", {}));
      let tail: Pending = { node: sw, output };
      if (choice === 1) {
        const c = this.change();
        this.connect(sw, output, c);
        tail = { node: c, output: "default" };
      }
      if (joined !== undefined) {
        const calc = this.node("calc", { assign: [{ name: joined.name, expr: drawExpression(g, this.scope, joined.type) }] });
        this.connect(tail.node, tail.output, calc);
        tail = { node: calc, output: "default" };
      }
      next.push(tail);
    });
    this.pending = next;
    this.runs *= Math.max(1, next.length);
    if (joined !== undefined) this.scope.push(joined);
  }

  private fanOut(): void {
    if (this.fanOuts++ >= 3 || this.runs * 2 > MAX_RUNS) return this.calc();
    this.runs *= 2;
    const split = this.node("calc", { assign: [{ name: this.newName(), expr: "1" }] });
    this.scope.push({ name: `v${this.names - 1}`, type: "number" });
    this.attach(split);
    const a = this.change();
    const b = this.change();
    this.connect(split, "default", a);
    this.connect(split, "default", b);
    this.pending = [{ node: a, output: "default" }, { node: b, output: "default" }];
  }

  private edges(): Json[] {
    const g = this.g;
    return this.nodes.flatMap((node) =>
      Object.entries(((node.data as Json).config as { wires?: Record<string, string[]> }).wires ?? {}).flatMap(([output, targets]) =>
        targets.map((target, i) => ({
          id: `e:${String(node.id)}:${output}:${i}`,
          source: node.id,
          target,
          sourceHandle: g(fc.boolean) ? output : null,
        })),
      ),
    );
  }
}

/** A copy of `items` in an order drawn from `random` (Fisher-Yates). */
function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
