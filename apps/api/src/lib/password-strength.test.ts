import { beforeAll, describe, expect, it } from 'vitest';
import { JUDGED_LENGTH, judgePassword, scorePassword } from './password-strength.ts';

/** What keeps this process running through the checker: its thread and the thread's channel. */
const holding = () =>
  process.getActiveResourcesInfo().filter((r) => r === 'Worker' || r === 'MessagePort').length;
// Before the checker thread is started by any test below.
const beforeChecker = holding();

describe('judgePassword', () => {
  // Building the dictionaries happens once, on first use; on a busy machine it takes seconds.
  beforeAll(() => judgePassword('warm-up', []), 60_000);

  it.each(['password', '123456', 'qwerty123', 'iloveyou', 'aaaaaa', 'p4ssw0rd', 'P@ssw0rd1'])(
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

describe('the bounded check', () => {
  it('judges only the first JUDGED_LENGTH characters', async () => {
    // A weak start is refused whatever follows it: the tail is never looked at.
    const weakStart = '1234567890'.repeat(4).slice(0, JUDGED_LENGTH);
    expect((await judgePassword(weakStart, [])).ok).toBe(false);
    expect((await judgePassword(`${weakStart}violet-harbour-lantern-42`, [])).ok).toBe(false);
    // And a long password is scored exactly as its judged prefix.
    const long = `${'violet-harbour-lantern-42-'.repeat(2)}`.slice(0, 72);
    expect(await judgePassword(long, [])).toEqual(
      await judgePassword(long.slice(0, JUDGED_LENGTH), []),
    );
  });

  it('judges in a worker thread, the same as in this one', async () => {
    for (const password of ['password', 'violet-harbour-lantern-42', '1234567890'.repeat(7)])
      expect(await judgePassword(password, ['ana@example.com'])).toEqual(
        await scorePassword(password, ['ana@example.com']),
      );
  });
});

describe('the checker thread and the process', () => {
  it('keeps the process running while a check waits, and not once it is answered', async () => {
    const check = judgePassword('violet-harbour-lantern-42', []);
    expect(holding()).toBeGreaterThan(beforeChecker);
    await check;
    // A tool that checked a password (a bench, the command line) ends when its work is done.
    expect(holding()).toBe(beforeChecker);
  });
});
