import { useMutation } from '@tanstack/react-query';
import type { ExportFormat } from '@verba/shared';
import { downloadFile, today } from './download-file';

export interface ExportWordsInput {
  format: ExportFormat;
  /** For the Anki package: a reverse card (translation → word) beside each word's card. */
  reverse?: boolean;
}

const ACCEPT: Record<ExportFormat, string> = {
  apkg: 'application/octet-stream',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
};

/** Downloads the learner's words as an Anki package, CSV or TSV. */
export function exportWords({ format, reverse = false }: ExportWordsInput): Promise<void> {
  const url =
    format === 'apkg'
      ? `/api/account/export/anki?reverse=${reverse}`
      : `/api/account/export/${format}`;
  return downloadFile(url, `verba-words-${today()}.${format}`, ACCEPT[format]);
}

export function useExportWords() {
  return useMutation({ mutationFn: exportWords });
}
