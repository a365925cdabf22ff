import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ANKI_TEXT } from '@verba/shared';
import { renderInApp } from '@/testing/render';
import { ExportWords } from './export-words';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async () => new Response(new Blob(['file']), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  // jsdom has no object URLs: the download link gets a stand-in.
  URL.createObjectURL = () => 'blob:export';
  URL.revokeObjectURL = () => {};
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});

describe('ExportWords', () => {
  it('downloads the Anki package, with a reverse card when the switch is on', async () => {
    const user = userEvent.setup();
    renderInApp(<ExportWords online />);
    await user.click(screen.getByRole('button', { name: ANKI_TEXT.exportAnki }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/account/export/anki?reverse=false');
    await user.click(screen.getByRole('switch', { name: ANKI_TEXT.exportReverse }));
    await user.click(screen.getByRole('button', { name: ANKI_TEXT.exportAnki }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/account/export/anki?reverse=true');
  });

  it('downloads CSV and TSV', async () => {
    const user = userEvent.setup();
    renderInApp(<ExportWords online />);
    await user.click(screen.getByRole('button', { name: ANKI_TEXT.exportCsv }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/account/export/csv', expect.anything()),
    );
    await user.click(screen.getByRole('button', { name: ANKI_TEXT.exportTsv }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/account/export/tsv', expect.anything()),
    );
  });

  it('cannot export while offline', () => {
    renderInApp(<ExportWords online={false} />);
    for (const name of [ANKI_TEXT.exportAnki, ANKI_TEXT.exportCsv, ANKI_TEXT.exportTsv]) {
      expect(screen.getByRole('button', { name })).toBeDisabled();
    }
  });
});
