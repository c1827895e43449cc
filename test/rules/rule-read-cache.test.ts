// The read cache behind GET /api/rules/{id}: hits skip the store, changes forget, and a read that
// raced a change never puts stale data back.
import { expect } from "chai";
import { createRuleReadCache } from "../../runtime/rules/rule-read-cache.js";
import type { Rule } from "../../runtime/store/store.js";

const rule = (name: string) => ({ id: 1, name }) as unknown as Rule;

describe("rule read cache", () => {
  it("reads once, then answers from memory with the rule's JSON", async () => {
    const cache = createRuleReadCache();
    let reads = 0;
    const read = async () => (reads++, rule("a"));
    expect((await cache.get(1, read))!.json).to.equal(JSON.stringify(rule("a")));
    await cache.get(1, read);
    expect(reads).to.equal(1);
  });

  it("forget and forgetAll make the next get read the store again", async () => {
    const cache = createRuleReadCache();
    await cache.get(1, async () => rule("a"));
    cache.forget(1);
    expect((await cache.get(1, async () => rule("b")))!.rule.name).to.equal("b");
    cache.forgetAll();
    expect((await cache.get(1, async () => rule("c")))!.rule.name).to.equal("c");
  });

  it("a read that started before a change answers what it read but does not fill the cache", async () => {
    const cache = createRuleReadCache();
    let release: () => void = () => undefined;
    const slow = cache.get(1, () => new Promise<Rule>((resolve) => (release = () => resolve(rule("old")))));
    cache.forget(1); // a change committed while the read was in flight
    release();
    expect((await slow)!.rule.name).to.equal("old");
    expect((await cache.get(1, async () => rule("new")))!.rule.name).to.equal("new");
  });

  it("keeps at most `capacity` rules, dropping the oldest; absent rules are not cached", async () => {
    const cache = createRuleReadCache(2);
    let reads = 0;
    const read = (name: string) => async () => (reads++, rule(name));
    await cache.get(1, read("a"));
    await cache.get(2, read("b"));
    await cache.get(3, read("c"));
    await cache.get(1, read("a"));
    expect(reads).to.equal(4);
    expect(await cache.get(9, async () => undefined)).to.equal(undefined);
  });
});
