/** Seeded pseudo-random numbers (mulberry32): the whole benchmark is reproducible from its seeds. */
export interface Rng {
  next(): number;
  int(min: number, max: number): number;
  normal(): number;
}

export function createRng(seed: number): Rng {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    normal: () => {
      // Box–Muller; 1 - u keeps the logarithm finite.
      const u = 1 - next();
      const v = next();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
  };
}

/** Derives independent stream seeds from a base seed and labels (FNV-1a over the text). */
export function deriveSeed(...parts: (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const ch of parts.join('/')) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The index an outcome `u` in [0, 1) falls on, given outcome probabilities that sum to 1. */
export function pick(probs: readonly number[], u: number): number {
  let acc = 0;
  for (let i = 0; i < probs.length; i++) {
    acc += probs[i]!;
    if (u < acc) return i;
  }
  return probs.length - 1;
}
