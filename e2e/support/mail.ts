import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { lane } from './lane.ts';

interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Waits for the newest mail to `to` that the app sent through the harness's SMTP server and that
 * `where` accepts. The app sends mail after it answers, so a test that expects a second mail to the
 * same address says which one (else it may read the first before the second arrives).
 */
export async function waitForMail(
  to: string,
  where: (mail: Mail) => boolean = () => true,
  timeoutMs = 15_000,
): Promise<Mail> {
  const dir = lane().mailDir;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = (await readdir(dir))
      .filter((file) => file.endsWith('.json'))
      .sort()
      .reverse();
    for (const file of files) {
      const mail = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as Mail;
      if (mail.to.includes(to) && where(mail)) return mail;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}

/** The token link in a mail, e.g. the activation or recovery link. */
export function tokenLink(mail: Mail): URL {
  const match = /https?:\/\/\S+token=[\w-]+/.exec(mail.text);
  if (!match) throw new Error(`no token link in: ${mail.text}`);
  return new URL(match[0]);
}
