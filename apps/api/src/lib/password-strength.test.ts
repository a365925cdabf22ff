import { describe, expect, it } from 'vitest';
import { judgePassword } from './password-strength.ts';

describe('judgePassword', () => {
  it.each(['password', '123456', 'qwerty123', 'iloveyou', 'aaaaaa'])(
    'refuses the common password %s with reasons',
    (password) => {
      const verdict = judgePassword(password, []);
      expect(verdict.ok).toBe(false);
      expect(verdict.reasons.length).toBeGreaterThan(0);
    },
  );

  it('refuses a password made of the user’s own email', () => {
    expect(
      judgePassword('jonathan.marlowe', ['jonathan.marlowe@example.com', 'jonathan.marlowe']).ok,
    ).toBe(false);
  });

  it('accepts a passphrase of uncommon words', () => {
    expect(judgePassword('violet-harbour-lantern-42', []).ok).toBe(true);
  });
});
