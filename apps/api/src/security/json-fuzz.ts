import type { JsonSchema } from './openapi-operations.ts';

/** A seeded random source (mulberry32): the same seed gives the same bodies on every run. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (below: number) => Math.floor(next() * below);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  return { next, int, pick };
}
export type Random = ReturnType<typeof seededRandom>;

const FIXED_UUID = '00000000-0000-4000-8000-000000000000';

/**
 * A value the schema accepts, as plain as possible: required properties only (or the first, when
 * none is required), strings of their
 * minimum length (or a short word), the first enum value or the first alternative. `ids` fills
 * uuid-formatted strings (the owner's ids, for the authorization matrix).
 */
export function validInstance(schema: JsonSchema, ids: () => string = () => FIXED_UUID): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum.find((v) => v !== null) ?? null;
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives?.[0]) return validInstance(alternatives[0], ids);
  const type = Array.isArray(schema.type)
    ? (schema.type.find((t) => t !== 'null') ?? 'null')
    : schema.type;
  switch (type) {
    case 'object': {
      // A patch of optional fields still needs one of them.
      const keys = schema.required?.length
        ? schema.required
        : Object.keys(schema.properties ?? {}).slice(0, 1);
      const entries = keys.map((key) => [key, validInstance(schema.properties?.[key] ?? {}, ids)]);
      return Object.fromEntries(entries);
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () =>
        validInstance(schema.items ?? {}, ids),
      );
    case 'string':
      return validString(schema, ids);
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 0, Math.min(schema.maximum ?? 1, 1));
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return {};
  }
}

function validString(schema: JsonSchema, ids: () => string): string {
  if (schema.format === 'uuid') return ids();
  if (schema.format === 'date-time') return '2026-01-02T03:04:05.000Z';
  if (schema.format === 'email') return `fuzz-${crypto.randomUUID().slice(0, 8)}@example.com`;
  // Short: a password field's strength check costs more the longer the text.
  const text = 'fuzz text';
  const length = Math.max(schema.minLength ?? 1, Math.min(text.length, schema.maxLength ?? 80));
  return text.padEnd(length, 'x').slice(0, length);
}

/** Strings a careless server chokes on: control characters, huge, SQL and markup, odd Unicode. */
const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'nul\u0000inside',
  '\u0007bell\u001b[31m',
  'line\r\nbreak',
  '\uD800',
  '\uFEFFbom',
  '‮right-to-left override',
  '🦊'.repeat(200),
  "' OR 1=1 --",
  "'); DROP TABLE words; --",
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '%00%0d%0a',
  '\\',
  '"',
  'x'.repeat(10_000),
  'y'.repeat(70_000),
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
  '2026-13-45T99:99:99Z',
  'NaN',
  '-1',
] as const;

const HOSTILE_NUMBERS = [
  -1,
  0,
  -0,
  0.5,
  1e308,
  -1e308,
  2 ** 53 + 1,
  Number.MAX_SAFE_INTEGER,
  1e-308,
  79,
  80,
  99999999999,
] as const;

/** A value of any JSON type, sometimes deep or wide. */
function anyValue(random: Random, depth = 0): unknown {
  switch (random.int(depth > 3 ? 5 : 8)) {
    case 0:
      return random.pick(HOSTILE_STRINGS);
    case 1:
      return random.pick(HOSTILE_NUMBERS);
    case 2:
      return random.next() < 0.5;
    case 3:
      return null;
    case 4:
      return random.pick(['', 'a', 'DELETE', 'daily', 'en', 'flashcard']);
    case 5:
      return Array.from({ length: random.int(4) }, () => anyValue(random, depth + 1));
    case 6:
      return Object.fromEntries(
        Array.from({ length: random.int(4) }, (_, i) => [`k${i}`, anyValue(random, depth + 1)]),
      );
    default:
      // Nesting far deeper than any of our shapes.
      return JSON.parse(`${'['.repeat(500)}1${']'.repeat(500)}`) as unknown;
  }
}

/** The schema's own properties, and a value of its own type or of any other for one of them. */
function mutateObject(
  base: Record<string, unknown>,
  schema: JsonSchema,
  random: Random,
): Record<string, unknown> {
  const body = structuredClone(base);
  const keys = Object.keys(schema.properties ?? {});
  const key = keys.length > 0 ? random.pick(keys) : `extra${random.int(10)}`;
  switch (random.int(6)) {
    case 0:
      delete body[key];
      break;
    case 1:
      body[key] = random.pick(HOSTILE_STRINGS);
      break;
    case 2:
      body[key] = random.pick(HOSTILE_NUMBERS);
      break;
    case 3: {
      const inner = schema.properties?.[key];
      const value = inner ? validInstance(inner) : null;
      body[key] =
        value !== null && typeof value === 'object' && !Array.isArray(value) && inner
          ? mutateObject(value as Record<string, unknown>, inner, random)
          : anyValue(random);
      break;
    }
    case 4:
      body[random.pick(['__proto__', 'constructor', 'prototype', 'userId', 'extra'])] =
        anyValue(random);
      break;
    default:
      body[key] = anyValue(random);
  }
  return body;
}

export interface FuzzBody {
  /** What kind of body it is, for the failure message. */
  label: string;
  /** The raw text sent as application/json: not always JSON. */
  text: string;
}

/** Raw texts that are not what any endpoint takes: broken JSON, other shapes, odd encodings. */
const MALFORMED = [
  '',
  '{',
  '{"a":',
  '[',
  'null',
  'true',
  '0',
  '"string"',
  '[]',
  '[{}]',
  '{"a":1,"a":2}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  'NaN',
  '{"x": Infinity}',
  "{'single': 'quotes'}",
  '{"trailing": 1,}',
  '\u0000',
  '\uFEFF{}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
] as const;

/**
 * `count` bodies for an endpoint taking `schema`, from `seed`: the valid body itself, the fixed
 * malformed texts, then mutations of the valid body (one property removed, swapped for a hostile
 * value, an unknown or prototype key added, the wrong type) and values of no useful shape.
 */
export function fuzzBodies(
  schema: JsonSchema | undefined,
  seed: number,
  count: number,
): FuzzBody[] {
  const random = seededRandom(seed);
  const valid = schema ? validInstance(schema) : {};
  const bodies: FuzzBody[] = [
    { label: 'the valid body', text: JSON.stringify(valid) },
    ...MALFORMED.map((text) => ({ label: `malformed ${JSON.stringify(text)}`, text })),
  ];
  while (bodies.length < count) {
    const isObject = valid !== null && typeof valid === 'object' && !Array.isArray(valid);
    if (isObject && schema && random.next() < 0.8) {
      let body = valid as Record<string, unknown>;
      // One to three mutations at once.
      for (let i = 0, n = 1 + random.int(3); i < n; i++) body = mutateObject(body, schema, random);
      bodies.push({ label: `mutation #${bodies.length}`, text: JSON.stringify(body) });
    } else {
      bodies.push({ label: `shapeless #${bodies.length}`, text: JSON.stringify(anyValue(random)) });
    }
  }
  return bodies;
}
