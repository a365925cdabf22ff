import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ACCESS_TEXT, type NightlyBackupsView } from '@verba/shared';
import { BackupsCard } from './backups-card';

const NEXT = '2026-11-28T03:00:00.000Z';
const backups = (changes: Partial<NightlyBackupsView>): NightlyBackupsView => ({
  lastAt: '2026-11-27T03:00:00.000Z',
  lastOk: true,
  lastBytes: 4_200_000,
  lastFile: 'verba-backup-2026-11-27T03-00-00-000Z.tar',
  nextAt: NEXT,
  kept: 7,
  ...changes,
});

describe('the nightly backups on the admin page', () => {
  it('names the last backup, its size and the next run', () => {
    render(<BackupsCard backups={backups({})} />);
    expect(screen.getByText('verba-backup-2026-11-27T03-00-00-000Z.tar')).toBeVisible();
    expect(screen.getByText(/\(4\.2 MB\)/)).toBeVisible();
    expect(
      screen.getByText(`Next at ${new Date(NEXT).toLocaleString()}; 7 kept.`),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so when the last one failed', () => {
    render(<BackupsCard backups={backups({ lastOk: false, lastBytes: null, lastFile: null })} />);
    expect(screen.getByRole('alert')).toHaveTextContent(ACCESS_TEXT.backupsFailed);
  });

  it('says so before the first one', () => {
    render(
      <BackupsCard
        backups={backups({ lastAt: null, lastOk: null, lastBytes: null, lastFile: null, kept: 0 })}
      />,
    );
    expect(screen.getByText(ACCESS_TEXT.backupsNone)).toBeVisible();
  });
});
