import { describe, expect, it } from 'vitest';
import { FEED_TEXT } from './texts';

describe('quickReviewText', () => {
  it('says due again for words due, and practised again for new words answered wrongly', () => {
    expect(FEED_TEXT.quickReviewText(1, 0)).toBe(
      'You finished a session within the last hour, and 1 word is due again.',
    );
    expect(FEED_TEXT.quickReviewText(2, 2)).toBe(
      'You finished a session within the last hour, and 2 new words are ready to be practised again.',
    );
    expect(FEED_TEXT.quickReviewText(4, 1)).toBe(
      'You finished a session within the last hour, and 3 words are due again and 1 new word is ready to be practised again.',
    );
  });
});
