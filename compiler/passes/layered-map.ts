// A map by name that a node extends without copying it (issue 19.5): the node's own entries are a
// layer over the map it starts from, and nodes that start from the same map share it. Copying the
// whole map at every node that adds a name made the site value check quadratic and as costly as
// the rest of compiling. Chains are flattened every MAX_LAYERS layers, so a lookup stays short.
// A layer is written only by its owner, and only before any layer is made over it.

const MAX_LAYERS = 16;

export class LayeredMap<V> {
  /** This chain flattened into one layer, shared by every layer made over it. */
  private flattened: LayeredMap<V> | undefined;

  private constructor(
    private readonly parent: LayeredMap<V> | undefined,
    private readonly own: Map<string, V>,
    private readonly depth: number,
  ) {}

  /** A map of one layer holding `entries` (taken, not copied). */
  static of<V>(entries: Map<string, V> = new Map()): LayeredMap<V> {
    return new LayeredMap<V>(undefined, entries, 1);
  }

  /** A new, empty layer over this map: its entries go there, leaving this map unchanged. */
  layer(): LayeredMap<V> {
    if (this.depth < MAX_LAYERS) return new LayeredMap(this, new Map(), this.depth + 1);
    this.flattened ??= LayeredMap.of(this.toMap());
    return new LayeredMap(this.flattened, new Map(), 2);
  }

  /** The newest value of a name. */
  get(name: string): V | undefined {
    for (let at: LayeredMap<V> | undefined = this; at !== undefined; at = at.parent) {
      const value = at.own.get(name);
      if (value !== undefined) return value;
    }
    return undefined;
  }

  has(name: string): boolean {
    return this.get(name) !== undefined;
  }

  /** Sets a name in this layer. */
  set(name: string, value: V): void {
    this.own.set(name, value);
  }

  /** The layers of this chain. */
  chain(): Set<LayeredMap<V>> {
    const layers = new Set<LayeredMap<V>>();
    for (let at: LayeredMap<V> | undefined = this; at !== undefined; at = at.parent) layers.add(at);
    return layers;
  }

  /**
   * The layers of this chain newer than the first one in `known` (all when none is), newest
   * first, with their own entries, and the layer where the chain meets `known`. Where a name is
   * set once per chain, what the chain shares with `known` is set below these.
   */
  ownAbove(known: ReadonlySet<LayeredMap<V>> | LayeredMap<V> | undefined): {
    layers: Array<LayeredMap<V>>;
    own: Array<ReadonlyMap<string, V>>;
    meets: LayeredMap<V> | undefined;
  } {
    const layers: Array<LayeredMap<V>> = [];
    const own: Array<ReadonlyMap<string, V>> = [];
    let at: LayeredMap<V> | undefined = this;
    for (; at !== undefined && !(known instanceof LayeredMap ? at === known : known?.has(at)); at = at.parent) {
      layers.push(at);
      own.push(at.own);
    }
    return { layers, own, meets: at };
  }

  /** The names, oldest first (the order of one map that every entry was added to). */
  names(): Iterable<string> {
    return this.toMap().keys();
  }

  /**
   * A new Map of every name with its newest value, in the order of a Map copied at every layer
   * and then set: a name keeps the place of its first definition.
   */
  toMap(): Map<string, V> {
    const chain: Array<LayeredMap<V>> = [];
    for (let at: LayeredMap<V> | undefined = this; at !== undefined; at = at.parent) chain.push(at);
    const all = new Map<string, V>();
    for (let i = chain.length - 1; i >= 0; i--) for (const [name, value] of chain[i]!.own) all.set(name, value);
    return all;
  }
}
