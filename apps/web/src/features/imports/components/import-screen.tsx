import { useEffect, useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { AlertCircle, CheckCircle2, Download } from 'lucide-react';
import {
  ANKI_FIELD_ROLES,
  ankiSummary,
  IMPORT_LIMITS,
  IMPORT_ROW_SEPARATORS,
  IMPORT_SEPARATORS,
  IMPORT_TEXT,
  importButtonText,
  importSummary,
  isUuid,
  type AnkiFieldMapping,
  type AnkiFieldRole,
  type AnkiNoteTypePreview,
  type ImportJob,
  type ImportOptionsInput,
  type ImportPreview,
} from '@verba/shared';
import { Button } from '@/components/ui/core/button';
import { Input } from '@/components/ui/core/input';
import { NativeSelect } from '@/components/ui/core/native-select';
import { StateCard } from '@/components/ui/core/state-card';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import {
  previewImport,
  previewKey,
  useImportJob,
  useLatestImport,
  useStartImport,
  type ImportUpload,
} from '../api/imports';
import { downloadText, skippedRowsCsv } from '../utils/skipped-rows-file';

type SourceKind = 'paste' | 'file' | 'anki' | 'backup';
type SeparatorChoice = 'auto' | keyof typeof IMPORT_SEPARATORS | 'custom';
type RowChoice = keyof typeof IMPORT_ROW_SEPARATORS | 'custom';

const SEPARATOR_NAMES: Record<keyof typeof IMPORT_SEPARATORS, string> = {
  tab: 'Tab',
  comma: 'Comma (,)',
  semicolon: 'Semicolon (;)',
  dash: 'Dash ( - )',
  pipe: 'Pipe (|)',
};

function separatorName(separator: string): string {
  const entry = Object.entries(IMPORT_SEPARATORS).find(([, value]) => value === separator);
  return entry ? SEPARATOR_NAMES[entry[0] as keyof typeof IMPORT_SEPARATORS] : `“${separator}”`;
}

/** The value, once it has stopped changing for `delayMs` (the preview as the learner types). */
function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * The import screen: a pasted list or a CSV/TSV/TXT file, read with the separators detected or
 * chosen, previewed row by row as it will be saved, then imported in the background with its
 * progress, and summed up at the end. A running import is found again after a reload.
 */
export function ImportScreen() {
  const latest = useLatestImport();
  // The import followed is in the address, so a reload shows its progress or its summary.
  const [search, setSearch] = useSearchParams();
  const asked = search.get('job');
  const followed = asked !== null && isUuid(asked) ? asked : undefined;
  const setFollowed = (id: string | undefined) =>
    setSearch(id ? { job: id } : {}, { replace: id === undefined });
  const running = latest.data?.job?.status === 'running' ? latest.data.job.id : undefined;
  const jobId = followed ?? running;
  if (latest.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner />
      </div>
    );
  }
  if (jobId) return <JobView id={jobId} onDone={() => setFollowed(undefined)} />;
  return <ImportForm onStarted={setFollowed} />;
}

function ImportForm({ onStarted }: { onStarted: (id: string) => void }) {
  const ids = useId();
  const [source, setSource] = useState<SourceKind>('paste');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [ankiFile, setAnkiFile] = useState<File | null>(null);
  const [backupFile, setBackupFile] = useState<File | null>(null);
  /** The learner's field choice per note type; note types not in it keep the server's default. */
  const [fields, setFields] = useState<Record<string, AnkiFieldMapping>>({});
  const [separator, setSeparator] = useState<SeparatorChoice>('auto');
  const [customSeparator, setCustomSeparator] = useState('');
  const [rowSeparator, setRowSeparator] = useState<RowChoice>('newline');
  const [customRow, setCustomRow] = useState('');
  const start = useStartImport(onStarted);

  const anki = source === 'anki';
  const backup = source === 'backup';
  // An Anki package and a backup have no separators; a package has the field choice.
  const separated = !anki && !backup;
  const options: ImportOptionsInput = { source: anki ? 'anki' : backup ? 'backup' : 'text' };
  if (anki) {
    if (Object.keys(fields).length > 0) options.fields = JSON.stringify(fields);
  } else if (separated) {
    if (separator === 'custom') {
      if (customSeparator !== '') options.separator = customSeparator;
    } else if (separator !== 'auto') {
      options.separator = IMPORT_SEPARATORS[separator];
    }
    if (rowSeparator === 'custom') {
      if (customRow !== '') options.rowSeparator = customRow;
    } else if (rowSeparator !== 'newline') {
      options.rowSeparator = IMPORT_ROW_SEPARATORS[rowSeparator];
    }
  }
  const chosenFile = anki ? ankiFile : backup ? backupFile : file;
  const settledText = useSettled(text, 400);
  const upload: ImportUpload | undefined =
    source === 'paste'
      ? settledText.trim() === ''
        ? undefined
        : { file: new Blob([settledText], { type: 'text/plain' }), options }
      : chosenFile
        ? { file: chosenFile, fileName: chosenFile.name, options }
        : undefined;
  const tooLarge = upload !== undefined && upload.file.size > IMPORT_LIMITS.maxBytes;
  const fileOf = (chosen: File | null) =>
    chosen ? `${chosen.name}:${chosen.size}:${chosen.lastModified}` : '';
  const content = source === 'paste' ? settledText : fileOf(chosenFile);
  const preview = useQuery({
    queryKey: [...previewKey, source, content, options] as const,
    queryFn: ({ signal }) => previewImport(upload!, signal),
    enabled: upload !== undefined && !tooLarge,
    retry: false,
    staleTime: Infinity,
    // A new field choice reads the package again: its note types stay on screen meanwhile.
    placeholderData: anki ? keepPreviousData : undefined,
  });
  const waiting = source === 'paste' && text !== settledText;
  const data = upload && !waiting ? preview.data : undefined;
  // A backup's words already there are saved too: merged into them.
  const saving = data ? data.valid + (data.merged ?? 0) : undefined;

  const submit = () => {
    if (!upload || !data) return;
    start.mutate(upload);
  };

  return (
    <div className="space-y-6">
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium">Where are your words?</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {(
            [
              ['paste', IMPORT_TEXT.sourcePaste],
              ['file', IMPORT_TEXT.sourceFile],
              ['anki', IMPORT_TEXT.sourceAnki],
              ['backup', IMPORT_TEXT.sourceBackup],
            ] as const
          ).map(([kind, label]) => (
            <label
              key={kind}
              className={cn(
                'flex min-h-12 cursor-pointer items-center justify-center rounded-lg border px-3 py-2 text-center text-sm font-medium has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/50',
                source === kind
                  ? 'border-primary bg-primary/10 text-foreground'
                  : 'bg-card text-muted-foreground hover:bg-accent',
              )}
            >
              <input
                type="radio"
                name={`${ids}-source`}
                value={kind}
                checked={source === kind}
                onChange={() => setSource(kind)}
                className="sr-only"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>

      {source === 'paste' ? (
        <div className="space-y-2">
          <label htmlFor={`${ids}-paste`} className="text-sm font-medium">
            {IMPORT_TEXT.pasteLabel}
          </label>
          <textarea
            id={`${ids}-paste`}
            value={text}
            onChange={(event) => setText(event.target.value)}
            rows={8}
            spellCheck={false}
            placeholder={'el gato\tcat\nla casa - house\nel perro, dog'}
            aria-describedby={`${ids}-paste-help`}
            className="w-full rounded-lg border border-input bg-card p-3 font-mono text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40"
          />
          <p id={`${ids}-paste-help`} className="text-sm text-muted-foreground">
            One word per line, or a word and its translation separated by a tab, a comma, a
            semicolon or “ - ”.
          </p>
        </div>
      ) : anki ? (
        <div className="space-y-2">
          <label htmlFor={`${ids}-anki`} className="text-sm font-medium">
            {IMPORT_TEXT.ankiFileLabel}
          </label>
          <Input
            id={`${ids}-anki`}
            type="file"
            accept=".apkg,.colpkg"
            onChange={(event) => {
              setFields({});
              setAnkiFile(event.target.files?.[0] ?? null);
            }}
            className="h-auto py-2.5"
          />
          <p className="text-sm text-muted-foreground">
            An .apkg or .colpkg file, up to {IMPORT_LIMITS.maxBytes / 1024 / 1024} MB. Review
            history comes along; decks become groups; sounds and images are left out.
          </p>
        </div>
      ) : backup ? (
        <div className="space-y-2">
          <label htmlFor={`${ids}-backup`} className="text-sm font-medium">
            {IMPORT_TEXT.backupFileLabel}
          </label>
          <Input
            id={`${ids}-backup`}
            type="file"
            accept=".json,application/json"
            onChange={(event) => setBackupFile(event.target.files?.[0] ?? null)}
            className="h-auto py-2.5"
          />
          <p className="text-sm text-muted-foreground">
            The file “Download my data” saves. Words, review history, groups, sessions and streak
            come back; a word you already have keeps the newer card and both review histories.
          </p>
        </div>
      ) : (
        <div className="space-y-2">
          <label htmlFor={`${ids}-file`} className="text-sm font-medium">
            {IMPORT_TEXT.fileLabel}
          </label>
          <Input
            id={`${ids}-file`}
            type="file"
            accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            className="h-auto py-2.5"
          />
          <p className="text-sm text-muted-foreground">
            CSV, TSV or TXT in UTF-8 or UTF-16, up to {IMPORT_LIMITS.maxBytes / 1024 / 1024} MB and{' '}
            {IMPORT_LIMITS.maxRows.toLocaleString('en-US')} rows. Anki’s and Quizlet’s text exports
            work as they are.
          </p>
        </div>
      )}

      <div className={cn('grid gap-4 sm:grid-cols-2', !separated && 'hidden')}>
        <div className="space-y-2">
          <label htmlFor={`${ids}-separator`} className="text-sm font-medium">
            {IMPORT_TEXT.separatorLabel}
          </label>
          <NativeSelect
            id={`${ids}-separator`}
            value={separator}
            onChange={(event) => setSeparator(event.target.value as SeparatorChoice)}
          >
            <option value="auto">
              {data?.separatorDetected
                ? `${IMPORT_TEXT.detected}: ${separatorName(data.separator)}`
                : 'Detect'}
            </option>
            {Object.entries(SEPARATOR_NAMES).map(([value, name]) => (
              <option key={value} value={value}>
                {name}
              </option>
            ))}
            <option value="custom">Custom…</option>
          </NativeSelect>
          {separator === 'custom' && (
            <Input
              aria-label="Custom separator between word and translation"
              value={customSeparator}
              maxLength={IMPORT_LIMITS.separatorMaxLength}
              onChange={(event) => setCustomSeparator(event.target.value)}
            />
          )}
        </div>
        <div className="space-y-2">
          <label htmlFor={`${ids}-rows`} className="text-sm font-medium">
            {IMPORT_TEXT.rowSeparatorLabel}
          </label>
          <NativeSelect
            id={`${ids}-rows`}
            value={rowSeparator}
            onChange={(event) => setRowSeparator(event.target.value as RowChoice)}
          >
            <option value="newline">New line</option>
            <option value="semicolon">Semicolon (;)</option>
            <option value="custom">Custom…</option>
          </NativeSelect>
          {rowSeparator === 'custom' && (
            <Input
              aria-label="Custom separator between rows"
              value={customRow}
              maxLength={IMPORT_LIMITS.separatorMaxLength}
              onChange={(event) => setCustomRow(event.target.value)}
            />
          )}
        </div>
      </div>

      {tooLarge ? (
        <Problem message={IMPORT_TEXT.tooLarge} />
      ) : upload && preview.isError && !waiting ? (
        <Problem message={preview.error.message} />
      ) : data ? (
        <>
          {data.anki && (
            <NoteTypeFields
              noteTypes={data.anki.noteTypes}
              chosen={fields}
              onChange={(id, mapping) => setFields((current) => ({ ...current, [id]: mapping }))}
            />
          )}
          <PreviewList preview={data} />
        </>
      ) : upload && (preview.isFetching || waiting) ? (
        <div className="flex justify-center py-6">
          <Spinner />
        </div>
      ) : null}

      {start.isError && <Problem message={start.error.message} />}
      <Button
        type="button"
        size="lg"
        className="w-full"
        disabled={!data || saving === 0 || start.isPending || waiting || preview.isFetching}
        onClick={submit}
      >
        {start.isPending ? IMPORT_TEXT.importing : importButtonText(saving)}
      </Button>
    </div>
  );
}

const OPTIONAL_ROLES = ['translation', 'examples', 'ipa', 'notes'] as const;

/** For each note type of a package: which of its fields is the word, the translation and the rest. */
function NoteTypeFields({
  noteTypes,
  chosen,
  onChange,
}: {
  noteTypes: AnkiNoteTypePreview[];
  /** The learner's choice so far, ahead of the preview that reads the package with it. */
  chosen: Record<string, AnkiFieldMapping>;
  onChange: (id: string, mapping: AnkiFieldMapping) => void;
}) {
  const ids = useId();
  const mappingOf = (type: AnkiNoteTypePreview) => chosen[type.id] ?? type.mapping;
  const set = (type: AnkiNoteTypePreview, role: AnkiFieldRole, value: string) =>
    onChange(type.id, { ...mappingOf(type), [role]: value === '' ? null : Number(value) });
  return (
    <section aria-labelledby={`${ids}-title`} className="space-y-3">
      <div>
        <h2 id={`${ids}-title`} className="text-lg font-semibold">
          {IMPORT_TEXT.ankiFieldsTitle}
        </h2>
        <p className="text-sm text-muted-foreground">{IMPORT_TEXT.ankiFieldsHint}</p>
      </div>
      {noteTypes.map((type) => (
        <fieldset key={type.id} className="space-y-3 rounded-xl border bg-card p-3">
          <legend className="px-1 text-sm font-medium">
            {type.name}{' '}
            <span className="font-normal text-muted-foreground">
              ({type.notes.toLocaleString('en-US')} {type.notes === 1 ? 'note' : 'notes'})
            </span>
          </legend>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {(['word', ...OPTIONAL_ROLES] as const).map((role) => {
              const selectId = `${ids}-${type.id}-${role}`;
              const value = mappingOf(type)[role];
              return (
                <div key={role} className="min-w-0 space-y-1">
                  <label htmlFor={selectId} className="text-sm">
                    {ANKI_FIELD_ROLES[role]}
                  </label>
                  <NativeSelect
                    id={selectId}
                    aria-label={`${ANKI_FIELD_ROLES[role]} (${type.name})`}
                    value={value === null || value === undefined ? '' : String(value)}
                    onChange={(event) => set(type, role, event.target.value)}
                  >
                    {role !== 'word' && <option value="">{IMPORT_TEXT.ankiNoField}</option>}
                    {type.fields.map((name, index) => (
                      <option key={index} value={index}>
                        {name}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
              );
            })}
          </div>
        </fieldset>
      ))}
    </section>
  );
}

function Problem({ message }: { message: string }) {
  return (
    <p
      role="alert"
      className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/10 p-3 text-sm"
    >
      <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
      {message}
    </p>
  );
}

export function PreviewList({ preview }: { preview: ImportPreview }) {
  const titleId = useId();
  const count = (n: number, one: string, many: string) =>
    `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={titleId} className="text-lg font-semibold">
          {IMPORT_TEXT.previewTitle}
        </h2>
        <p className="text-sm text-muted-foreground">
          {count(preview.total, 'row', 'rows')}: {count(preview.valid, 'new word', 'new words')},{' '}
          {count(preview.duplicates, 'duplicate', 'duplicates')}
          {preview.merged ? ` (${preview.merged.toLocaleString('en-US')} to merge)` : ''},{' '}
          {count(preview.problems, 'row', 'rows')} with problems
          {preview.html ? ' · HTML read as text' : ''}
        </p>
      </div>
      {preview.anki && (
        <p className="text-sm text-muted-foreground">
          {[
            preview.anki.decks.length > 0
              ? `Decks become groups: ${preview.anki.decks.join(', ')}`
              : '',
            ankiSummary(preview.anki),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      )}
      <ol className="divide-y rounded-xl border bg-card">
        {preview.rows.map((row) => (
          <li key={row.line} className="flex gap-3 px-3 py-2.5 text-sm">
            <span className="w-8 shrink-0 text-right text-muted-foreground tabular-nums">
              {row.line}
            </span>
            <div className="min-w-0 flex-1">
              <p className="break-words">
                <span className={cn('font-medium', row.word === '' && 'text-muted-foreground')}>
                  {row.word || '(empty)'}
                </span>
                {row.translation && (
                  <span className="text-muted-foreground"> — {row.translation}</span>
                )}
              </p>
              {row.problem && (
                <p
                  className={cn(
                    'mt-0.5 text-xs',
                    row.duplicate
                      ? 'text-amber-700 dark:text-amber-300'
                      : 'text-rose-700 dark:text-rose-300',
                  )}
                >
                  {row.problem}
                </p>
              )}
            </div>
          </li>
        ))}
      </ol>
      {preview.total > preview.rows.length && (
        <p className="text-sm text-muted-foreground">
          The first {preview.rows.length} rows of {preview.total.toLocaleString('en-US')}.
        </p>
      )}
    </section>
  );
}

function JobView({ id, onDone }: { id: string; onDone: () => void }) {
  const job = useImportJob(id);
  if (!job.data) {
    return job.isError ? (
      <Problem message={job.error.message} />
    ) : (
      <div className="flex justify-center py-12">
        <Spinner />
      </div>
    );
  }
  return <JobState job={job.data} onDone={onDone} />;
}

export function JobState({ job, onDone }: { job: ImportJob; onDone: () => void }) {
  const titleId = useId();
  if (job.status === 'running') {
    const valueText = `${job.done.toLocaleString('en-US')} of ${job.total.toLocaleString('en-US')} rows`;
    return (
      <section aria-labelledby={titleId} className="space-y-3 rounded-2xl border bg-card p-6">
        <h2 id={titleId} className="font-semibold">
          {IMPORT_TEXT.importing}
        </h2>
        <ProgressBar
          value={job.done}
          max={job.total}
          label="Import progress"
          valueText={valueText}
        />
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {valueText}
        </p>
        <p className="text-sm text-muted-foreground">
          You can leave this screen and keep practising; the import goes on.
        </p>
      </section>
    );
  }
  if (job.status === 'failed') {
    return (
      <StateCard icon={AlertCircle} title="Import failed" titleId={titleId} tone="danger">
        <p className="mt-2 text-sm text-muted-foreground">{job.error ?? IMPORT_TEXT.failed}</p>
        <Button type="button" className="mt-4" onClick={onDone}>
          {IMPORT_TEXT.tryAgain}
        </Button>
      </StateCard>
    );
  }
  return (
    <StateCard icon={CheckCircle2} title="Import finished" titleId={titleId} tone="success">
      <p className="mt-2 text-sm" role="status">
        {importSummary(job.imported, job.duplicates, job.problems)}
      </p>
      {job.anki && ankiSummary(job.anki) && (
        <p className="mt-1 text-sm text-muted-foreground">{ankiSummary(job.anki)}</p>
      )}
      <div className="mt-4 flex flex-wrap justify-center gap-2">
        {job.skippedRows.length > 0 && (
          <Button
            type="button"
            variant="outline"
            onClick={() => downloadText(skippedRowsCsv(job.skippedRows), 'verba-skipped-rows.csv')}
          >
            <Download aria-hidden="true" />
            {IMPORT_TEXT.downloadProblems}
          </Button>
        )}
        <Button type="button" onClick={onDone}>
          Import more
        </Button>
      </div>
    </StateCard>
  );
}
