import { beforeAll, describe, expect, it } from 'vitest';
import { judgePassword } from './password-strength.ts';

describe('judgePassword', () => {
  // Building the dictionaries happens once, on first use; on a busy machine it takes seconds.
  beforeAll(() => judgePassword('warm-up', []), 60_000);

  it.each(['password', '123456', 'qwerty123', 'iloveyou', 'aaaaaa'])(
    'refuses the common password %s with reasons',
    async (password) => {
      const verdict = await judgePassword(password, []);
      expect(verdict.ok).toBe(false);
      expect(verdict.reasons.length).toBeGreaterThan(0);
    },
  );

  it('refuses a password made of the user’s own email', async () => {
    const verdict = await judgePassword('jonathan.marlowe', [
      'jonathan.marlowe@example.com',
      'jonathan.marlowe',
    ]);
    expect(verdict.ok).toBe(false);
  });

  it('accepts a passphrase of uncommon words', async () => {
    expect((await judgePassword('violet-harbour-lantern-42', [])).ok).toBe(true);
  });
});
