import { ACCESS_TEXT, type NightlyBackupsView } from '@verba/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

const when = (iso: string) => new Date(iso).toLocaleString();
const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

/** The server's own nightly backups (BACKUP_DIR): whether the last one worked, and the next. */
export function BackupsCard({ backups }: { backups: NightlyBackupsView }) {
  const { lastAt, lastOk, lastBytes, lastFile, nextAt, kept } = backups;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{ACCESS_TEXT.backupsHeading}</CardTitle>
        <CardDescription>
          Next at {when(nextAt)}; {kept} kept.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {lastAt === null ? (
          <p className="text-sm text-muted-foreground">{ACCESS_TEXT.backupsNone}</p>
        ) : lastOk ? (
          <p className="text-sm">
            Last written {when(lastAt)}: <span className="font-mono break-all">{lastFile}</span>
            {lastBytes !== null && ` (${megabytes(lastBytes)})`}
          </p>
        ) : (
          <p role="alert" className="text-sm text-destructive">
            {ACCESS_TEXT.backupsFailed} ({when(lastAt)})
          </p>
        )}
      </CardContent>
    </Card>
  );
}
