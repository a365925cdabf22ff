import type { ImportRowPreview } from '@verba/shared';

const quote = (value: string | number) => `"${String(value).replaceAll('"', '""')}"`;

/**
 * The rows an import did not save, as a CSV file the learner can fix and import again: the
 * word and translation first, so the fixed file reads as it was; then the line and the reason.
 */
export function skippedRowsCsv(rows: readonly ImportRowPreview[]): string {
  const lines = [['word', 'translation', 'line', 'problem'].map(quote).join(',')];
  for (const row of rows) {
    lines.push([row.word, row.translation, row.line, row.problem ?? ''].map(quote).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Saves `text` as a file through the browser's download. */
export function downloadText(text: string, fileName: string, type = 'text/csv') {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
