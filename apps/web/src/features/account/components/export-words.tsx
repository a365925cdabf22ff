import { useId, useState } from 'react';
import { Download, FileSpreadsheet } from 'lucide-react';
import { toast } from 'sonner';
import { ANKI_TEXT, type ExportFormat } from '@verba/shared';
import { Button } from '@/components/ui/core/button';
import { Switch } from '@/components/ui/switch';
import { useExportWords } from '../api/export-words';

/** Export to Anki (.apkg), with an optional reverse card, and as CSV or TSV. */
export function ExportWords({ online }: { online: boolean }) {
  const exporter = useExportWords();
  const [reverse, setReverse] = useState(false);
  const id = useId();
  const busy = (format: ExportFormat) => exporter.isPending && exporter.variables.format === format;
  const run = (format: ExportFormat) =>
    exporter.mutate(
      { format, reverse },
      {
        onError: (failure) => toast.error(ANKI_TEXT.exportFailed, { description: failure.message }),
      },
    );
  return (
    <div className="flex flex-col gap-3">
      <Button
        variant="outline"
        className="w-full"
        loading={busy('apkg')}
        disabled={!online || exporter.isPending}
        onClick={() => run('apkg')}
      >
        {!busy('apkg') && <Download aria-hidden="true" />}
        {ANKI_TEXT.exportAnki}
      </Button>
      <div className="flex items-center justify-between gap-4">
        <label htmlFor={id} className="text-sm text-muted-foreground">
          {ANKI_TEXT.exportReverse}
        </label>
        <Switch id={id} checked={reverse} onCheckedChange={setReverse} />
      </div>
      <div className="grid grid-cols-2 gap-3">
        {(['csv', 'tsv'] as const).map((format) => (
          <Button
            key={format}
            variant="outline"
            loading={busy(format)}
            disabled={!online || exporter.isPending}
            onClick={() => run(format)}
          >
            {!busy(format) && <FileSpreadsheet aria-hidden="true" />}
            {format === 'csv' ? ANKI_TEXT.exportCsv : ANKI_TEXT.exportTsv}
          </Button>
        ))}
      </div>
    </div>
  );
}
