import { describe, expect, it } from 'vitest';
import { DEFAULT_WORD_LIST_PARAMS, wordListPath } from './word-list-path';

describe('the word list', () => {
  it('sends a search only when there is one', () => {
    const page = { ...DEFAULT_WORD_LIST_PARAMS, offset: 50, limit: 50 };
    expect(wordListPath({ ...page, search: '  ' })).not.toContain('search=');
    expect(wordListPath({ ...page, search: ' más ' })).toContain('search=m%C3%A1s');
  });
});
