import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IMPORT_PROBLEMS, IMPORT_TEXT, importSummary, type ImportJob } from '@verba/shared';
import { describe, expect, it, vi } from 'vitest';
import { JobState, PreviewList } from './import-screen';

const job = (changes: Partial<ImportJob>): ImportJob => ({
  id: '00000000-0000-4000-8000-000000000001',
  status: 'running',
  source: 'text',
  fileName: 'words.csv',
  total: 2000,
  done: 500,
  imported: 0,
  duplicates: 0,
  problems: 0,
  skippedRows: [],
  anki: null,
  error: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  finishedAt: null,
  ...changes,
});

describe('an import on the import screen', () => {
  it('shows its progress as rows done of rows in the file', () => {
    render(<JobState job={job({})} onDone={vi.fn()} />);
    const bar = screen.getByRole('progressbar', { name: 'Import progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '500');
    expect(bar).toHaveAttribute('aria-valuemax', '2000');
    expect(screen.getByText('500 of 2,000 rows')).toBeInTheDocument();
  });

  it('sums up a finished import and offers the skipped rows', async () => {
    const onDone = vi.fn();
    render(
      <JobState
        job={job({
          status: 'done',
          done: 2000,
          imported: 1997,
          duplicates: 2,
          problems: 1,
          skippedRows: [
            { line: 3, word: 'uno', translation: 'one', problem: 'x', duplicate: true },
          ],
        })}
        onDone={onDone}
      />,
    );
    expect(screen.getByText(importSummary(1997, 2, 1))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: IMPORT_TEXT.downloadProblems })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Import more' }));
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('sums up what an Anki package left out', () => {
    render(
      <JobState
        job={job({
          status: 'done',
          source: 'anki',
          done: 2000,
          imported: 2000,
          anki: { sounds: 3, images: 1, unreadableHistory: 2 },
        })}
        onDone={vi.fn()}
      />,
    );
    expect(screen.getByText(importSummary(2000, 0, 0))).toBeInTheDocument();
    expect(
      screen.getByText(
        '3 sounds and 1 image ignored, 2 words start as new (the review history could not be read)',
      ),
    ).toBeInTheDocument();
  });

  it('says a failed import saved nothing and can be tried again', async () => {
    const onDone = vi.fn();
    render(<JobState job={job({ status: 'failed', error: IMPORT_TEXT.failed })} onDone={onDone} />);
    expect(screen.getByText(IMPORT_TEXT.failed)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: IMPORT_TEXT.tryAgain }));
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('previews rows with their problems, file content shown as text', () => {
    render(
      <PreviewList
        preview={{
          separator: '\t',
          separatorDetected: true,
          rowSeparator: '\n',
          html: false,
          total: 25,
          valid: 1,
          duplicates: 0,
          problems: 1,
          rows: [
            {
              line: 1,
              word: '<b>el gato</b>',
              translation: 'cat',
              problem: null,
              duplicate: false,
            },
            {
              line: 2,
              word: '',
              translation: 'nothing',
              problem: IMPORT_PROBLEMS.emptyWord,
              duplicate: false,
            },
          ],
        }}
      />,
    );
    expect(screen.getByText('<b>el gato</b>')).toBeInTheDocument();
    expect(screen.getByText(IMPORT_PROBLEMS.emptyWord)).toBeInTheDocument();
    expect(screen.getByText('The first 2 rows of 25.')).toBeInTheDocument();
  });

  it('counts the words of a backup that will be merged into those already there', () => {
    render(
      <PreviewList
        preview={{
          separator: '',
          separatorDetected: false,
          rowSeparator: '',
          html: false,
          total: 3,
          valid: 1,
          duplicates: 2,
          merged: 2,
          problems: 0,
          rows: [
            {
              line: 1,
              word: 'el gato',
              translation: 'cat',
              problem: IMPORT_PROBLEMS.merged,
              duplicate: true,
            },
          ],
        }}
      />,
    );
    expect(
      screen.getByText('3 rows: 1 new word, 2 duplicates (2 to merge), 0 rows with problems'),
    ).toBeInTheDocument();
    expect(screen.getByText(IMPORT_PROBLEMS.merged)).toBeInTheDocument();
  });
});
