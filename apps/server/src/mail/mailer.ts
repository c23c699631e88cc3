import nodemailer from 'nodemailer';
import type { AppDb } from '../db/database.ts';
import { mailOutbox } from '../db/schema.ts';
import { escapeHtml } from '../lib/escape-html.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends account mails. `db` is the transaction the mail belongs to, for the outbox. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(mail: Mail, db: AppDb): Promise<void>;
  close(): void;
}

/** Sends through an SMTP server with nodemailer. */
export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
    close: () => transport.close(),
  };
}

/** Keeps mails in the database when no SMTP server is configured (listed at /dev/mail). */
export function createOutboxMailer(): Mailer {
  return {
    kind: 'outbox',
    async send(mail, db) {
      await db.insert(mailOutbox).values(mail);
    },
    close: () => undefined,
  };
}

/** A plain mail with one call-to-action link, in text and HTML. */
export function linkMail(
  to: string,
  subject: string,
  intro: string,
  label: string,
  link: string,
): Mail {
  return {
    to,
    subject,
    text: `${intro}\n\n${label}: ${link}\n\nIf you did not ask for this, you can ignore this mail.\n`,
    html:
      `<p>${escapeHtml(intro)}</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(label)}</a></p>` +
      `<p>If you did not ask for this, you can ignore this mail.</p>`,
  };
}
