import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isUuid } from './ids.ts';

describe('isUuid', () => {
  it.each([
    randomUUID(),
    randomUUID().toUpperCase(),
    '00000000-0000-0000-0000-000000000000',
    '0191e3a2-7c4b-7def-8a12-3456789abcde',
    'not-a-uuid',
    '',
    '123',
    `${randomUUID()}x`,
    ' ' + randomUUID(),
    '6ba7b810-9dad-01d1-80b4-00c04fd430c8',
    '6ba7b810-9dad-11d1-c0b4-00c04fd430c8',
    'g0000000-0000-4000-8000-000000000000',
  ])('agrees with the API’s check on %j', (text) => {
    expect(isUuid(text)).toBe(z.string().uuid().safeParse(text).success);
  });
});
