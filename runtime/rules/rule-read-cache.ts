// Rules as last read from the store, with their JSON, so GET /api/rules/{id} answers without a
// query or a serialisation. This process's changes forget their rule; a reload forgets all (the
// spec's contract for out-of-band writes: they are seen after an explicit reload, item 14).
import type { Rule } from "../store/store.js";

export interface CachedRule {
  rule: Rule;
  /** JSON.stringify(rule), made once. */
  json: string;
}

export interface RuleReadCache {
  /** The cached rule, or it read through `read` (and kept unless a change raced the read). */
  get(id: number, read: () => Promise<Rule | undefined>): Promise<CachedRule | undefined>;
  /** Forgets one rule (undefined: nothing to forget, e.g. a create). */
  forget(id: number | undefined): void;
  forgetAll(): void;
}

export function createRuleReadCache(capacity = 1000): RuleReadCache {
  const entries = new Map<number, CachedRule>();
  // Bumped by every forget: a read that started before a change must not refill the cache
  // with what it read.
  let generation = 0;
  return {
    async get(id, read) {
      const hit = entries.get(id);
      if (hit !== undefined) return hit;
      const started = generation;
      const rule = await read();
      if (rule === undefined) return undefined;
      const entry = { rule, json: JSON.stringify(rule) };
      if (generation === started) {
        if (entries.size >= capacity) entries.delete(entries.keys().next().value!);
        entries.set(id, entry);
      }
      return entry;
    },
    forget(id) {
      generation++;
      if (id !== undefined) entries.delete(id);
    },
    forgetAll() {
      generation++;
      entries.clear();
    },
  };
}
