import { OperationsApi } from '@atrium/protocol';
import type { FastifyPluginAsync } from 'fastify';
import type { mailOutbox } from '../db/schema.ts';
import { serveRoute } from '../http/route.ts';
import { escapeHtml } from '../lib/escape-html.ts';

/** Where the outbox is read from; the accounts feature's repository has it. */
export interface OutboxReader {
  listOutbox(): Promise<Array<typeof mailOutbox.$inferSelect>>;
}

const linkify = (s: string) =>
  escapeHtml(s).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/**
 * `/dev/mail`: the dev outbox, so a newcomer without an SMTP server can click activation and
 * recovery links. Registered only in development.
 */
export const devMailRoutes: FastifyPluginAsync<{ repo: OutboxReader }> = async (app, { repo }) => {
  serveRoute(app, OperationsApi.devMail, async (_request, reply) => {
    const mails = await repo.listOutbox();
    const items = mails
      .map(
        (m) => `<article><h2>${escapeHtml(m.subject)}</h2>
<p class="meta">To ${escapeHtml(m.to)} · ${m.createdAt.toISOString()}</p>
<pre>${linkify(m.text)}</pre></article>`,
      )
      .join('\n');
    const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mail outbox · Atrium</title>
<style>body{font:16px system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#1e1b4b}
article{border:1px solid #dcdff0;border-radius:12px;padding:1rem 1.25rem;margin:1rem 0;background:#fff}
h2{margin:0 0 .25rem;font-size:1.1rem}.meta{color:#4b5563;margin:0 0 .75rem}pre{white-space:pre-wrap;margin:0}
a{color:#4338ca}</style></head><body><main><h1>Dev mail outbox</h1>
<p>Mails the server would have sent. Configure <code>SMTP_URL</code> to send them for real.</p>
${items || '<p>No mail yet.</p>'}</main></body></html>`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
  });
};
