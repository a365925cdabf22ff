import { act, screen, waitFor } from '@testing-library/react';
import { completingWordsText } from '@verba/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markStale } from '@/lib/core/query-invalidation';
import { renderInApp } from '@/testing/render';
import { CompletingWords } from './completing-words';

/** What GET /api/enrichment answers next. */
let pending = 3;
beforeEach(() => {
  pending = 3;
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ pending })),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('imported words being completed, on My Words', () => {
  it('counts the words the AI is completing, and goes when the live update says they are done', async () => {
    const { queryClient } = renderInApp(<CompletingWords />);
    expect(await screen.findByText(completingWordsText(3))).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Completing 3 imported words…');

    pending = 1;
    await act(() => markStale(queryClient, 'words.completed'));
    expect(await screen.findByText('Completing 1 imported word…')).toBeInTheDocument();

    pending = 0;
    await act(() => markStale(queryClient, 'words.completed'));
    await waitFor(() => expect(screen.getByRole('status')).toBeEmptyDOMElement());
  });
});
