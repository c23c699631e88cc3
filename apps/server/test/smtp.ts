import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import type { ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
}

/** A real SMTP server on an ephemeral port that keeps what it receives. */
export interface TestSmtp {
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the next mail to `to` (or one already received and not yet taken). */
  next(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** `onMail` sees each mail as it arrives (the e2e harness writes them to files for the tests). */
export async function startSmtpServer(onMail?: (mail: ReceivedMail) => void): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed: ParsedMail) => {
          const to = Array.isArray(parsed.to) ? parsed.to[0]?.text : parsed.to?.text;
          const mail = { to: to ?? '', subject: parsed.subject ?? '', text: parsed.text ?? '' };
          mails.push(mail);
          onMail?.(mail);
          waiters.splice(0).forEach((wake) => wake());
          callback();
        })
        .catch((err: unknown) => callback(err as Error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const find = (to: string) => mails.find((m) => !taken.has(m) && m.to.includes(to));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async next(to, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = find(to);
        if (mail) {
          taken.add(mail);
          return mail;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text that carries a token. */
export function linkIn(mail: ReceivedMail): URL {
  const match = /https?:\/\/\S+token=[\w-]+/.exec(mail.text);
  if (!match) throw new Error(`no token link in mail: ${mail.text}`);
  return new URL(match[0]);
}
