// LayeredMap (compiler/passes/layered-map.ts) reads exactly like a Map copied at every layer: the
// same value for every name, and the same entries in the same order, over random trees of layers
// deep enough to be flattened.
import { expect } from "chai";
import fc from "fast-check";
import { LayeredMap } from "../../../compiler/passes/layered-map.js";

const NAMES = ["a", "b", "c", "d", "e", "f", "g"];

const step = fc.record({
  from: fc.nat(),
  sets: fc.array(fc.tuple(fc.constantFrom(...NAMES), fc.integer()), { maxLength: 3 }),
});

describe("issue 19.5: LayeredMap reads as a copy per layer", () => {
  it("gives every name's value and every entry in order, as the copies do", () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 60 }), (steps) => {
        const layered = [LayeredMap.of(new Map([["a", 0]]))];
        const copies = [new Map([["a", 0]])];
        for (const { from, sets } of steps) {
          const at = from % layered.length;
          const map = layered[at]!.layer();
          const copy = new Map(copies[at]);
          for (const [name, value] of sets) {
            map.set(name, value);
            copy.set(name, value);
          }
          layered.push(map);
          copies.push(copy);
        }
        layered.forEach((map, i) => {
          for (const name of NAMES) expect(map.get(name), `layer ${i}, ${name}`).to.equal(copies[i]!.get(name));
          expect([...map.toMap()]).to.deep.equal([...copies[i]!]);
        });
      }),
      { numRuns: 300 },
    );
  });

  it("a chain longer than the flattening limit still reads its oldest entries", () => {
    let map = LayeredMap.of(new Map([["first", 1]]));
    for (let i = 0; i < 100; i++) {
      map = map.layer();
      map.set(`n${i}`, i);
    }
    expect(map.get("first")).to.equal(1);
    expect(map.get("n0")).to.equal(0);
    expect(map.get("n99")).to.equal(99);
    expect([...map.toMap().keys()].slice(0, 2)).to.deep.equal(["first", "n0"]);
  });
});
