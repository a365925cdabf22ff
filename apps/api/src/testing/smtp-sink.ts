import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  /** The message as sent, headers included, with quoted-printable soft breaks undone. */
  text: string;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  mails: ReceivedMail[];
  /** The next mail to `to` that arrives (or has arrived and was not taken yet). */
  nextMailTo: (to: string) => Promise<ReceivedMail>;
  close: () => Promise<void>;
}

/** Undoes quoted-printable: soft line breaks and `=XX` escapes (links in long lines use both). */
function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The message with its body decoded when it was sent quoted-printable. */
function readable(raw: string): string {
  return /^Content-Transfer-Encoding:\s*quoted-printable/im.test(raw)
    ? decodeQuotedPrintable(raw)
    : Buffer.from(raw, 'latin1').toString('utf8');
}

/** A real SMTP server on this machine that keeps every mail it is given, for the tests to read. */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiting: { to: string; resolve: (mail: ReceivedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = {
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          text: readable(Buffer.concat(chunks).toString('latin1')),
        };
        mails.push(mail);
        const index = waiting.findIndex((w) => mail.to.includes(w.to));
        const waiter = index >= 0 ? waiting.splice(index, 1)[0] : undefined;
        if (waiter) {
          taken.add(mail);
          waiter.resolve(mail);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    mails,
    nextMailTo: (to) => {
      const address = to.toLowerCase();
      const ready = mails.find((m) => !taken.has(m) && m.to.includes(address));
      if (ready) {
        taken.add(ready);
        return Promise.resolve(ready);
      }
      return new Promise((resolve) => waiting.push({ to: address, resolve }));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The first link to the app's page `path` in a mail. */
export function linkIn(mail: ReceivedMail, path: string): string {
  const match = new RegExp(`https?://[^\\s"<>]*${path}\\?token=[A-Za-z0-9_.%-]+`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in the mail:\n${mail.text}`);
  return match[0];
}
