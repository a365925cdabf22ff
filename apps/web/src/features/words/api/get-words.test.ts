import { readFileSync } from 'node:fs';
import { WORD_PAGE_SIZE } from '@verba/shared';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WORD_LIST_PARAMS, wordListPath } from './get-words';

describe('the word list', () => {
  it('asks first for the page that index.html reads early', () => {
    const html = readFileSync(new URL('../../../../index.html', import.meta.url), 'utf8');
    const first = wordListPath({ ...DEFAULT_WORD_LIST_PARAMS, offset: 0, limit: WORD_PAGE_SIZE });
    expect(html).toContain(`'/app/words': '${first}'`);
  });

  it('sends a search only when there is one', () => {
    const page = { ...DEFAULT_WORD_LIST_PARAMS, offset: 50, limit: 50 };
    expect(wordListPath({ ...page, search: '  ' })).not.toContain('search=');
    expect(wordListPath({ ...page, search: ' más ' })).toContain('search=m%C3%A1s');
  });
});
