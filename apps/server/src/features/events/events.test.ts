import {
  DEFAULT_LAUNCH_AT,
  EVENT_SUBMIT_LIMIT,
  EventsServerText,
  EventsText,
  firstMissingContactField,
} from '@atrium/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCampus } from '../../db/seed.ts';
import { createTestDatabase, testDatabaseKinds } from '../../../test/databases.ts';
import type { TestDatabase } from '../../../test/databases.ts';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { csvCell, submissionsCsv } from './events.csv.ts';
import { signInDemoAccounts } from '../../../test/demo-sessions.ts';

describe('csv', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+65 1234', "'+65 1234"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['a=b', 'a=b'],
  ])('cell %j → %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
  it('writes numbers and nulls as they are', () => {
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(null)).toBe('');
  });
  it('writes a header and CRLF rows', () => {
    const csv = submissionsCsv([
      {
        id: 1,
        kind: 'voting',
        vote_team: 2,
        name: 'Ann',
        email: 'ann@x.example',
        phone_number: '123',
        message: 'card, 9',
        created_at: '2026-01-01T00:00:00.000Z',
      },
    ]);
    expect(csv).toBe(
      'id,kind,vote_team,name,email,phone_number,message,created_at\r\n' +
        '1,voting,2,Ann,ann@x.example,123,"card, 9",2026-01-01T00:00:00.000Z\r\n',
    );
  });
});

describe('firstMissingContactField', () => {
  it('checks name, email, phone and message in that order, trimmed', () => {
    expect(firstMissingContactField({})?.message).toBe(EventsText.nameRequired);
    expect(firstMissingContactField({ name: ' a ', email: '  ' })?.field).toBe('email');
    expect(
      firstMissingContactField({ name: 'a', email: 'b', phone_number: '1', message: '\t' })
        ?.message,
    ).toBe(EventsText.messageRequired);
    expect(
      firstMissingContactField({ name: 'a', email: 'b', phone_number: '1', message: 'x' }),
    ).toBeNull();
  });
});

describe.each(testDatabaseKinds())('events on %s', (kind) => {
  let database: TestDatabase;
  let server: TestApp;
  const tokens: Record<string, string> = {};
  /** Each test its own client address, so the per-address limit is tested on its own. */
  let address = 0;
  const nextAddress = () => `203.0.113.${++address}`;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const accounts = (await seedDemoCampus(database.db)) ?? [];
    server = await startTestApp(database, { TRUST_PROXY: 'true' });
    Object.assign(tokens, (await signInDemoAccounts(server.url, accounts)).tokens);
  });
  afterAll(async () => {
    await server.close();
    await database.dispose();
  });

  interface Sent {
    role?: string;
    body?: unknown;
    form?: Record<string, string>;
    ip?: string;
  }
  const send = (method: string, path: string, { role, body, form, ip }: Sent = {}) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...(role ? { authorization: `Bearer ${tokens[role]}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        'x-forwarded-for': ip ?? nextAddress(),
      },
      body: form
        ? new URLSearchParams(form)
        : body === undefined
          ? undefined
          : JSON.stringify(body),
    });
  const json = async (res: Response) => (await res.json()) as Record<string, unknown>;
  const vote = (body: unknown, ip?: string) =>
    send('POST', '/api/public/voting/submit', { body, ip });
  const full = {
    name: 'Ann Lee',
    email: 'ann@school.example',
    phone_number: '+65 9123 4567',
    message: 'S+ 1234',
  };

  it('refuses each missing field with its SPEC text, in order, after trimming', async () => {
    const steps: [Record<string, unknown>, string][] = [
      [{ name: 'x' }, EventsServerText.teamRequired],
      [{ vote_team: 1 }, EventsText.nameRequired],
      [{ vote_team: 1, name: '   ' }, EventsText.nameRequired],
      [{ vote_team: 2, name: 'A', email: ' \t' }, EventsText.emailRequired],
      [{ vote_team: 2, name: 'A', email: 'a', phone_number: '' }, EventsText.phoneRequired],
      [
        { vote_team: 2, name: 'A', email: 'a', phone_number: '1', message: ' ' },
        EventsText.messageRequired,
      ],
      [{ ...full, vote_team: 3 }, EventsServerText.teamInvalid],
    ];
    for (const [body, message] of steps) {
      const res = await vote(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await json(res)).toMatchObject({ status: false, message });
    }
    for (const [body, message] of steps.slice(1, 6)) {
      const contact = Object.fromEntries(Object.entries(body).filter(([k]) => k !== 'vote_team'));
      const res = await send('POST', '/api/public/record-breaking/submit', { body: contact });
      expect(res.status).toBe(400);
      expect((await json(res)).message).toBe(message);
    }
  });

  it('does no format checks, trims what it stores, and takes one vote per email', async () => {
    const first = await vote({
      vote_team: 1,
      name: '  Ann Lee ',
      email: ' Not-An-Email ',
      phone_number: ' abc ',
      message: ' x ',
    });
    expect(first.status).toBe(200);
    expect(await json(first)).toEqual({ status: true, data: EventsServerText.voteReceived });

    // The same address in other case and spacing, through a urlencoded form this time.
    const again = await send('POST', '/api/public/voting/submit', {
      form: { ...full, vote_team: '2', email: '  not-an-EMAIL' },
    });
    expect(again.status).toBe(409);
    expect(await json(again)).toMatchObject({
      status: false,
      message: EventsServerText.alreadyVoted,
    });

    const list = await json(
      await send('GET', '/api/events/submissions?kind=voting', { role: 'admin' }),
    );
    expect(list.data).toEqual([
      expect.objectContaining({
        kind: 'voting',
        vote_team: 1,
        name: 'Ann Lee',
        email: 'Not-An-Email',
        phone_number: 'abc',
        message: 'x',
      }),
    ]);
  });

  it('takes a vote as a urlencoded form and record entries without a per-email limit', async () => {
    const formVote = await send('POST', '/api/public/voting/submit', {
      form: { ...full, vote_team: '2', email: 'form@school.example' },
    });
    expect(await json(formVote)).toEqual({ status: true, data: EventsServerText.voteReceived });
    for (let i = 0; i < 2; i++) {
      const res = await send('POST', '/api/public/record-breaking/submit', {
        form: { ...full, name: '=cmd|" /C calc"!A0' },
      });
      expect(await json(res)).toEqual({ status: true, data: EventsServerText.recordReceived });
    }
  });

  it('exports CSV for admins only, with formulas neutralised', async () => {
    for (const role of [undefined, 'guest', 'member', 'teacher']) {
      for (const path of [
        '/api/events/submissions.csv?kind=record',
        '/api/events/submissions?kind=record',
      ]) {
        const res = await send('GET', path, { role });
        expect(res.status, `${role} ${path}`).toBe(role ? 403 : 401);
        expect((await json(res)).status).toBe(false);
      }
    }
    const res = await send('GET', '/api/events/submissions.csv?kind=record', { role: 'admin' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="record-/);
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,kind,vote_team,name,email,phone_number,message,created_at');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(
      `,record,,"'=cmd|"" /C calc""!A0",ann@school.example,'+65 9123 4567,`,
    );
    const bad = await send('GET', '/api/events/submissions.csv?kind=all', { role: 'admin' });
    expect(bad.status).toBe(400);
  });

  it('limits submissions per address', async () => {
    const ip = '198.51.100.7';
    for (let i = 0; i < EVENT_SUBMIT_LIMIT; i++) {
      const res = await send('POST', '/api/public/record-breaking/submit', { body: full, ip });
      expect(res.status).toBe(200);
    }
    const over = await send('POST', '/api/public/record-breaking/submit', { body: full, ip });
    expect(over.status).toBe(429);
    expect((await json(over)).message).toBe(EventsServerText.tooManySubmissions);
    const elsewhere = await send('POST', '/api/public/record-breaking/submit', { body: full });
    expect(elsewhere.status).toBe(200);
  });

  it('keeps the countdown date as an admin setting', async () => {
    const read = async () =>
      (
        (await json(await send('GET', '/api/public/events/countdown'))).data as {
          launch_at: string;
        }
      ).launch_at;
    expect(await read()).toBe(DEFAULT_LAUNCH_AT);
    for (const role of ['member', 'teacher', 'guest']) {
      const res = await send('PUT', '/api/events/countdown', {
        role,
        body: { launch_at: '2030-01-01T09:00:00Z' },
      });
      expect(res.status).toBe(403);
    }
    const invalid = await send('PUT', '/api/events/countdown', {
      role: 'admin',
      body: { launch_at: 'next friday' },
    });
    expect(invalid.status).toBe(400);
    expect((await json(invalid)).message).toBe(EventsServerText.launchAtInvalid);
    const ok = await send('PUT', '/api/events/countdown', {
      role: 'admin',
      body: { launch_at: '2030-01-01T09:00:00+08:00' },
    });
    expect(ok.status).toBe(200);
    expect(await read()).toBe('2030-01-01T09:00:00+08:00');
  });

  it('serves the admin gallery list as gallery.json, validated', async () => {
    const gallery = async () => (await send('GET', '/api/public/gallery.json')).json();
    // Beside the gallery page (`/event/gallery.html` asks for `gallery.json`), the same list.
    const besidePage = async () => (await send('GET', '/event/gallery.json')).json();
    expect(await gallery()).toEqual([]);
    const entry = {
      gallery_id: 'g-1',
      thumbnail: '/assets/gallery/1-thumb.jpg',
      image: 'https://cdn.example.org/1.jpg',
      title: ' Opening night ',
      description: 'The plaza at dusk.',
      date: '2022-05-04',
    };
    const put = (entries: unknown, role = 'admin') =>
      send('PUT', '/api/events/gallery', { role, body: { entries } });

    expect((await put([entry], 'member')).status).toBe(403);
    const refusals: [unknown, string][] = [
      [[entry, { ...entry, title: 'Other' }], EventsServerText.galleryDuplicateId],
      [[{ ...entry, date: 'yesterday' }], EventsServerText.galleryDateInvalid],
      [[{ ...entry, date: '2022-13-45' }], EventsServerText.galleryDateInvalid],
      [[{ ...entry, image: 'javascript:alert(1)' }], EventsServerText.galleryImageInvalid],
      [[{ ...entry, title: '  ' }], EventsServerText.galleryTitleRequired],
      [[{ ...entry, gallery_id: '../x' }], EventsServerText.galleryIdInvalid],
    ];
    for (const [entries, message] of refusals) {
      const res = await put(entries);
      expect(res.status, JSON.stringify(entries)).toBe(400);
      expect((await json(res)).message).toContain(message);
    }
    const missing = await put([{ gallery_id: 1 }]);
    expect(missing.status).toBe(400);
    expect(await gallery()).toEqual([]);

    const saved = await put([entry, { ...entry, gallery_id: 2, date: '2022-05-05T10:00:00Z' }]);
    expect(saved.status).toBe(200);
    const list = (await gallery()) as { title: string; gallery_id: unknown }[];
    expect(list.map((e) => [e.gallery_id, e.title])).toEqual([
      ['g-1', 'Opening night'],
      [2, 'Opening night'],
    ]);
    expect(await besidePage()).toEqual(list);
    expect((await put([])).status).toBe(200);
    expect(await gallery()).toEqual([]);
    expect(await besidePage()).toEqual([]);
  });

  it("answers SPEC §7's paths as their /api/public twins, JSON or form, and stores the rows", async () => {
    const pairs = [
      ['/public/voting/submit', '/api/public/voting/submit'],
      ['/public/record-breaking/submit', '/api/public/record-breaking/submit'],
    ] as const;
    for (const [specPath, apiPath] of pairs) {
      const team = specPath.includes('voting') ? { vote_team: 1 } : {};
      const missing = { ...team, name: 'Spec Path' };
      const refusals = await Promise.all(
        [specPath, apiPath].map(async (path) => {
          const res = await send('POST', path, { body: missing });
          return [res.status, await json(res)];
        }),
      );
      expect(refusals[0]).toEqual([400, expect.objectContaining({ status: false })]);
      expect(refusals[0]).toEqual(refusals[1]);

      const answers = [];
      for (const [path, email, asForm] of [
        [specPath, 'spec-json@school.example', false],
        [apiPath, 'api-json@school.example', false],
        [specPath, 'spec-form@school.example', true],
      ] as const) {
        const contact = { ...full, ...team, email };
        const res = await send(
          'POST',
          path,
          asForm
            ? { form: Object.fromEntries(Object.entries(contact).map(([k, v]) => [k, String(v)])) }
            : { body: contact },
        );
        answers.push([res.status, await json(res)]);
      }
      expect(answers[0]).toEqual([200, { status: true, data: expect.any(String) }]);
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
    }
    for (const kind of ['voting', 'record']) {
      const rows = (
        await json(await send('GET', `/api/events/submissions?kind=${kind}`, { role: 'admin' }))
      ).data as { email: string }[];
      expect(rows.map((r) => r.email)).toEqual(
        expect.arrayContaining([
          'spec-json@school.example',
          'api-json@school.example',
          'spec-form@school.example',
        ]),
      );
    }
    // The spec path keeps the one-vote-per-email rule shared with the /api path.
    const again = await send('POST', '/public/voting/submit', {
      body: { ...full, vote_team: 2, email: 'API-json@school.example' },
    });
    expect(again.status).toBe(409);
  });
});
