// @vitest-environment happy-dom
import { ROSTER_MAX_ROWS, ROSTER_TEMPLATE_CSV, RosterText, type RosterRow } from '@atrium/protocol';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DialogHost } from '../../../shared/dialogs/DialogHost.tsx';
import {
  failure,
  fakeServer,
  renderWithSession,
  type FakeHandler,
} from '../../../shared/session/sessionTestKit.tsx';
import { RosterPage } from './RosterPage.tsx';
import { RosterUiText as T } from './texts.ts';

const CSV = [
  'Username,Email,Role,Class',
  'ada.l,ada@school.test,member,Year 7',
  'bob,not-an-email,,Year 7',
  'cy,cy@school.test,teacher,',
].join('\n');

/** The server's check: a row is wrong when its email has no `@` or its role is unknown. */
const check: FakeHandler = (request) => {
  const { rows } = request.body as { rows: RosterRow[] };
  const problems = rows.flatMap((row, i) => {
    const list = [
      ...(row.email.includes('@') ? [] : ['Email is not valid.']),
      ...(['member', 'teacher'].includes(row.role) ? [] : [RosterText.roleUnknown]),
    ];
    return list.length ? [{ row: i, problems: list }] : [];
  });
  return { status: true, data: { rows: rows.length, problems } };
};

/** An import answer whose lines the test sends one at a time. */
function streamedAnswer() {
  let push: (line: object) => void = () => undefined;
  let end: () => void = () => undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const encoder = new TextEncoder();
      push = (line) => controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
      end = () => controller.close();
    },
  });
  const response = new Response(body, { headers: { 'content-type': 'application/x-ndjson' } });
  return { response, push: (line: object) => push(line), end: () => end() };
}

function setup(importAnswer?: FakeHandler) {
  const server = fakeServer({
    'POST /api/admin/roster/check': check,
    ...(importAnswer ? { 'POST /api/admin/roster/import': importAnswer } : {}),
  });
  // The import streams with `fetch` itself; everything else goes through the session's client.
  vi.stubGlobal('fetch', server.fetch);
  const view = renderWithSession(
    <>
      <RosterPage />
      <DialogHost />
    </>,
    { fetch: server.fetch },
  );
  return { server, ...view };
}

const upload = async (user: ReturnType<typeof userEvent.setup>, text: string) =>
  user.upload(screen.getByLabelText(T.file), new File([text], 'class.csv', { type: 'text/csv' }));

const checks = (server: ReturnType<typeof fakeServer>) =>
  server.requests.filter((r) => r.path === '/api/admin/roster/check');

describe('Roster import (issue 29)', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(cleanup);

  it('shows the server’s problems; a fixed cell is checked again and the import is offered', async () => {
    const user = userEvent.setup();
    const { server } = setup();
    await upload(user, CSV);
    expect(await screen.findByText(T.summary(3, 1))).toBeTruthy();
    expect(checks(server)[0]?.body).toEqual({
      rows: [
        { username: 'ada.l', email: 'ada@school.test', role: 'member', class: 'Year 7' },
        { username: 'bob', email: 'not-an-email', role: 'member', class: 'Year 7' },
        { username: 'cy', email: 'cy@school.test', role: 'teacher', class: '' },
      ],
    });
    // Only the row with a problem is listed, with the server's words, its cells open to fix.
    const table = screen.getByRole('table', { name: T.preview });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByText('Email is not valid.')).toBeTruthy();
    const create = screen.getByRole('button', { name: T.create(3) });
    expect((create as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(T.fixFirst)).toBeTruthy();

    const email = within(table).getByRole('textbox', { name: T.cellLabel(T.email, 2) });
    expect(email.getAttribute('aria-invalid')).toBe('true');
    await user.clear(email);
    await user.type(email, 'bob@school.test{Enter}');
    expect(await screen.findByText(T.summary(3, 0))).toBeTruthy();
    expect(checks(server).at(-1)?.body).toMatchObject({
      rows: [{}, { username: 'bob', email: 'bob@school.test' }, {}],
    });
    // No problem left: every row is shown, ready, and the fixed one keeps its fields.
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getAllByText(T.ready)).toHaveLength(3);
    expect(document.activeElement).toBe(email);
    expect(screen.getByRole('button', { name: T.showAll(3) }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await waitFor(() => expect((create as HTMLButtonElement).disabled).toBe(false));
  });

  it('removes a row and checks the rest', async () => {
    const user = userEvent.setup();
    const { server } = setup();
    await upload(user, CSV);
    await screen.findByText(T.summary(3, 1));
    await user.click(screen.getByRole('button', { name: T.removeRow(2, 'bob') }));
    expect(await screen.findByText(T.summary(2, 0))).toBeTruthy();
    expect(
      (checks(server).at(-1)?.body as { rows: RosterRow[] }).rows.map((r) => r.username),
    ).toEqual(['ada.l', 'cy']);
  });

  it('downloads the template as a file', async () => {
    const user = userEvent.setup();
    setup();
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:template';
    });
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    await user.click(screen.getByRole('link', { name: T.template }));
    expect(await saved[0]?.text()).toBe(ROSTER_TEMPLATE_CSV);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('roster-template.csv');
    vi.restoreAllMocks();
  });

  it('says so before sending a file with too many rows', async () => {
    const user = userEvent.setup();
    const { server } = setup();
    const many = Array.from({ length: ROSTER_MAX_ROWS + 5 }, (_, i) => `p${i},p${i}@s.test,`);
    await upload(user, ['username,email,role', ...many].join('\n'));
    expect((await screen.findByRole('alert')).textContent).toContain(
      T.tooManyRows(ROSTER_MAX_ROWS + 5),
    );
    expect(server.requests).toHaveLength(0);
  });

  it('creates the accounts after a confirmation, the bar following the streamed progress', async () => {
    const user = userEvent.setup();
    const answer = streamedAnswer();
    const { server, queryClient } = setup(() => answer.response);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await upload(user, CSV.replace('not-an-email', 'bob@school.test'));
    const create = await screen.findByRole('button', { name: T.create(3) });
    await waitFor(() => expect((create as HTMLButtonElement).disabled).toBe(false));
    await user.click(create);
    const confirm = await screen.findByRole('alertdialog', { name: T.confirmTitle(3) });
    await user.click(within(confirm).getByRole('button', { name: T.create(3) }));

    answer.push({ done: 0, total: 3 });
    const bar = await screen.findByRole('progressbar', { name: T.creating });
    answer.push({ done: 2, total: 3 });
    await waitFor(() => expect(bar.getAttribute('aria-valuetext')).toBe(T.progress(2, 3)));
    expect((bar as HTMLProgressElement).value).toBe(2);
    expect((bar as HTMLProgressElement).max).toBe(3);

    answer.push({ done: 3, total: 3 });
    answer.push({ status: true, created: 3, message: '3 accounts created.' });
    answer.end();
    expect(await screen.findByText('3 accounts created.', { exact: false })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    const sent = server.requests.find((r) => r.path === '/api/admin/roster/import');
    expect(sent?.authorization).toBe('Bearer test-token');
    expect((sent?.body as { rows: unknown[] }).rows).toHaveLength(3);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['admin', 'people'] });
  });

  it('shows the server’s refusal of an import', async () => {
    const user = userEvent.setup();
    setup(() => failure(400, RosterText.fixFirst));
    await upload(user, CSV.replace('not-an-email', 'bob@school.test'));
    const create = await screen.findByRole('button', { name: T.create(3) });
    await waitFor(() => expect((create as HTMLButtonElement).disabled).toBe(false));
    await user.click(create);
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: T.create(3) }));
    expect((await screen.findByRole('alert')).textContent).toContain(RosterText.fixFirst);
  });
});
