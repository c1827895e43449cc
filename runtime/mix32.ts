// MurmurHash3's 32-bit finaliser: every input bit moves every output bit, so consecutive integers
// land far apart. Pure; shared by the simulator's noise and the scheduler's interval phases.
export function mix32(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
