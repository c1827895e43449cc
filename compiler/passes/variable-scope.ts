// The variables at a point of the flow, for check-variables.ts, without copying them from node to
// node (issue 19.5: a copy of every scope at every defining node made variable checking quadratic
// and an eighth of compiling). A node's own definitions are a layer over the scope it starts from;
// chains of layers are flattened every MAX_LAYERS layers, so that a lookup stays short. Scopes
// that meet at a join share their older layers: only the newer ones need comparing.
import type { ValueType } from "../expression/value-type.js";

export interface Definition {
  /** null when the definition had an error: uses stay silent rather than cascading. */
  type: ValueType | null;
  /** The node that defines the variable. */
  by: string;
}

const MAX_LAYERS = 16;

export class Definitions {
  /** This chain flattened into one layer, shared by every layer made over it. */
  private flattened: Definitions | undefined;

  private constructor(
    private readonly parent: Definitions | undefined,
    private readonly own: Map<string, Definition>,
    private readonly depth: number,
  ) {}

  static of(definitions: Map<string, Definition> = new Map()): Definitions {
    return new Definitions(undefined, definitions, 1);
  }

  /** A new, empty layer over this one: its definitions go there, leaving this one unchanged. */
  layer(): Definitions {
    if (this.depth < MAX_LAYERS) return new Definitions(this, new Map(), this.depth + 1);
    this.flattened ??= Definitions.of(this.toMap());
    return new Definitions(this.flattened, new Map(), 2);
  }

  get(name: string): Definition | undefined {
    for (let at: Definitions | undefined = this; at !== undefined; at = at.parent) {
      const definition = at.own.get(name);
      if (definition !== undefined) return definition;
    }
    return undefined;
  }

  has(name: string): boolean {
    return this.get(name) !== undefined;
  }

  /** Defines a name in this layer (its owner's: a layer shared with other nodes is never written). */
  set(name: string, definition: Definition): void {
    this.own.set(name, definition);
  }

  /** The layers of this chain. */
  chain(): Set<Definitions> {
    const layers = new Set<Definitions>();
    for (let at: Definitions | undefined = this; at !== undefined; at = at.parent) layers.add(at);
    return layers;
  }

  /**
   * The layers of this chain newer than the first one in `known` (all when none is), newest
   * first, with their own definitions, and the layer where the chain meets `known`. A name is
   * defined once per chain, so what the chain shares with `known` is defined below these.
   */
  ownAbove(known: ReadonlySet<Definitions> | Definitions | undefined): { layers: Definitions[]; own: Array<ReadonlyMap<string, Definition>>; meets: Definitions | undefined } {
    const layers: Definitions[] = [];
    const own: Array<ReadonlyMap<string, Definition>> = [];
    let at: Definitions | undefined = this;
    for (; at !== undefined && !(known instanceof Definitions ? at === known : known?.has(at)); at = at.parent) {
      layers.push(at);
      own.push(at.own);
    }
    return { layers, own, meets: at };
  }

  /** The names, oldest definition first (the order of one map that every definition was added to). */
  names(): Iterable<string> {
    return this.toMap().keys();
  }

  /** A new map of every definition, oldest first. */
  toMap(): Map<string, Definition> {
    const chain: Definitions[] = [];
    for (let at: Definitions | undefined = this; at !== undefined; at = at.parent) chain.push(at);
    const all = new Map<string, Definition>();
    for (let i = chain.length - 1; i >= 0; i--) for (const [name, definition] of chain[i]!.own) all.set(name, definition);
    return all;
  }
}
