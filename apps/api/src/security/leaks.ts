/**
 * What an answer must never show: a stack frame, a source path, or the database talking. Fuzzed
 * inputs contain none of these phrases, so an answer echoing its input cannot trip them.
 */
const LEAK_PATTERNS: [string, RegExp][] = [
  ['a stack frame', /\bat [\w$.<>]+ \(|\n\s+at \S+/],
  ['a source path', /node_modules|\/src\/[\w/-]+\.ts|\.ts:\d+:\d+/],
  ['a driver or SQL error', /syntax error at or near|violates \w+ constraint|duplicate key value/i],
  ['a table or column name', /relation "\w+"|column "\w+"|\bpg_\w+|drizzle-orm/i],
  ['an error class', /\b(TypeError|ReferenceError|RangeError|SyntaxError|ZodError)\b/],
];

/** The first kind of leak in an answer's text, or null. */
export function leakIn(text: string): string | null {
  for (const [kind, pattern] of LEAK_PATTERNS) if (pattern.test(text)) return kind;
  return null;
}
