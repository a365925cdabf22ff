import { createTransport } from 'nodemailer';
import type { Env } from '../env.ts';
import type { Logger } from './logger.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** SMTP_URL is set: password reset and email verification go out by mail. */
  configured: boolean;
  send: (message: MailMessage) => Promise<void>;
  close: () => void;
}

/**
 * Mail through the SMTP server `SMTP_URL` names (nodemailer), from `MAIL_FROM`. Without it nothing
 * is sent, and the features that need mail say so instead. A failure is logged without the message
 * (it carries a one-time link) and never tells the caller whether the address has an account.
 */
export function createMailer(env: Env, logger: Logger): Mailer {
  if (!env.SMTP_URL || !env.MAIL_FROM) {
    return { configured: false, send: () => Promise.resolve(), close: () => {} };
  }
  const transport = createTransport(env.SMTP_URL);
  const from = env.MAIL_FROM;
  return {
    configured: true,
    send: async ({ to, subject, text }) => {
      try {
        await transport.sendMail({ from, to, subject, text });
      } catch (error) {
        logger.error({ err: error, component: 'mail' }, 'mail could not be sent');
      }
    },
    close: () => transport.close(),
  };
}
