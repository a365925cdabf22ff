import { describe, expect, it } from 'vitest';
import { fieldChecksum, noteGuid } from './guid.ts';

describe('noteGuid', () => {
  it('is the same for the same word, every time', () => {
    const id = '5b0c9f52-3f3e-4a8e-9a55-2d7d7b1f7c11';
    expect(noteGuid(id)).toBe(noteGuid(id));
    // Pinned: a release that changed it would duplicate every note a learner exported before.
    expect(noteGuid(id)).toBe('f*f7(TfLPe');
  });

  it('differs between words and uses only Anki’s GUID characters', () => {
    const guids = new Set(
      Array.from({ length: 1000 }, (_, i) =>
        noteGuid(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`),
      ),
    );
    expect(guids.size).toBe(1000);
    for (const guid of guids)
      expect(guid).toMatch(/^[a-zA-Z0-9!#$%&()*+,\-./:;<=>?@[\]^_`{|}~]{1,11}$/);
  });
});

describe('fieldChecksum', () => {
  it("is the first 8 hex digits of the field's SHA-1, as Anki computes it", () => {
    // sha1("hello") = aaf4c61d…
    expect(fieldChecksum('hello')).toBe(0xaaf4c61d);
  });
});
