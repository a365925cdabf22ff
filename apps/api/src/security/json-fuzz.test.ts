import { describe, expect, it } from 'vitest';
import { fuzzBodies, validInstance } from './json-fuzz.ts';
import type { JsonSchema } from './openapi-operations.ts';

const answer: JsonSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', format: 'uuid' },
    itemIndex: { type: 'integer', minimum: 0, maximum: 79 },
    message: { type: 'string', minLength: 10, maxLength: 1000 },
    mode: { type: 'string', enum: ['daily', 'infinity'] },
    answer: {
      oneOf: [
        {
          type: 'object',
          properties: { type: { type: 'string', enum: ['flashcard'] }, knew: { type: 'boolean' } },
          required: ['type', 'knew'],
        },
      ],
    },
    note: { type: ['string', 'null'] },
  },
  required: ['id', 'itemIndex', 'message', 'mode', 'answer'],
  additionalProperties: false,
};

describe('the JSON fuzz', () => {
  it('builds the plainest valid body: required fields, minimum lengths, first choices', () => {
    expect(validInstance(answer, () => 'the-id')).toEqual({
      id: 'the-id',
      itemIndex: 1,
      message: 'fuzz textx',
      mode: 'daily',
      answer: { type: 'flashcard', knew: true },
    });
    // A patch with nothing required still sends one field.
    expect(validInstance({ type: 'object', properties: { a: { type: 'boolean' } } })).toEqual({
      a: true,
    });
  });

  it('gives the same bodies for the same seed, and others for another', () => {
    const first = fuzzBodies(answer, 42, 200);
    expect(first).toHaveLength(200);
    expect(fuzzBodies(answer, 42, 200)).toEqual(first);
    expect(fuzzBodies(answer, 43, 200)).not.toEqual(first);
    expect(first[0]?.label).toBe('the valid body');
    expect(first.some((b) => b.text === '{')).toBe(true);
    // Mostly distinct bodies, not the same mutation over and over.
    expect(new Set(first.map((b) => b.text)).size).toBeGreaterThan(150);
  });
});
