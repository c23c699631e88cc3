import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  AdminApi,
  AdminText,
  AuthApi,
  ChatApi,
  CommonText,
  RoomApi,
  RosterText,
  routeUrl,
} from '@atrium/protocol';
import type { AdminPerson, AuditEntry, PeoplePage } from '@atrium/protocol';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthRepository } from '../../accounts/auth.repository.ts';
import { UsersRepository } from '../../accounts/users.repository.ts';
import { UsersService } from '../../accounts/users.service.ts';
import { auditLog, users } from '../../db/schema.ts';
import {
  call,
  createPerson,
  guestToken,
  JWT_SECRET,
  openClient,
  signInGuest,
  type Person,
} from '../../../test/people.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/databases.ts';
import { startTestApp, type TestApp } from '../../../test/test-app.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { AccessTokens } from '../../security/access-tokens.ts';

const PASSWORD = 'violet tulip river 42';

/** Rows of a raw query, on PGlite and PostgreSQL alike. */
async function rows<T>(database: TestDatabase, query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await database.db.execute(query);
  return (result as { rows: T[] }).rows;
}
const forged = new AccessTokens('not-the-server-secret-0123456789abcdef0123');

/** Every console route with an input that would change something if it were let through. */
function adminCalls(target: string) {
  return [
    { route: AdminApi.dashboard, input: {} },
    { route: AdminApi.classrooms, input: {} },
    { route: AdminApi.publicSettings, input: {} },
    {
      route: AdminApi.setPublicSetting,
      input: { params: { key: 'site.home_page' }, body: { value: 'https://evil.test' } },
    },
    { route: AdminApi.deletePublicSetting, input: { params: { key: 'site.home_page' } } },
    { route: AdminApi.endClass, input: { params: { channel: 'room-1' } } },
    {
      route: AdminApi.rosterCheck,
      input: { body: { rows: [{ username: 'r1', email: 'r1@x.test', role: 'member' }] } },
    },
    {
      route: AdminApi.rosterImport,
      input: { body: { rows: [{ username: 'rostered1', email: 'r1@x.test', role: 'admin' }] } },
    },
    { route: AdminApi.access, input: {} },
    { route: AdminApi.updateAccess, input: { body: { guests: false } } },
    { route: AdminApi.people, input: { query: { q: 'a' } } },
    {
      route: AdminApi.createPerson,
      input: { body: { username: 'intruder1', email: 'in@x.test', role: 'admin' } },
    },
    { route: AdminApi.updatePerson, input: { params: { id: target }, body: { role: 'admin' } } },
    { route: AdminApi.deletePerson, input: { params: { id: target } } },
    { route: AdminApi.resendActivation, input: { params: { id: target } } },
    { route: AdminApi.audit, input: {} },
    { route: AdminApi.auditCsv, input: {} },
    { route: AdminApi.reports, input: {} },
    { route: AdminApi.resolveReport, input: { params: { id: 1 }, body: { resolution: 'x' } } },
    { route: AdminApi.sanctions, input: {} },
    { route: AdminApi.sanction, input: { body: { kind: 'ban', user_id: target, reason: 'x' } } },
    { route: AdminApi.liftSanction, input: { params: { id: 1 } } },
  ] as const;
}

describe('the admin console API (issue 29)', () => {
  let database: TestDatabase;
  let server: TestApp;
  let dataDir: string;
  let admin: Person;

  const as = (token: string | null) => ({
    get: (p: string) => call(server.url, 'GET', p, { token }),
    send: (method: string, p: string, body?: unknown) =>
      call(server.url, method, p, { token, body }),
  });
  const peoplePage = async (token: string, query: Record<string, string | number>) => {
    const res = await as(token).get(routeUrl(AdminApi.people, { query }));
    expect(res.status).toBe(200);
    return res.json.data as PeoplePage;
  };
  const auditFor = async (targetId: string) =>
    (
      await database.db
        .select()
        .from(auditLog)
        .where(sql`${auditLog.targetId} = ${targetId}`)
    ).map((r) => r.action);

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'atrium-admin-'));
    database = await createTestDatabase('pglite');
    server = await startTestApp(database, { JWT_SECRET, DATA_DIR: dataDir });
    admin = await createPerson(database.db, 'head', 'admin');
  });
  afterAll(async () => {
    await server.close();
    await database.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers 404 to everyone but an admin, on every route, and a refused call changes nothing', async () => {
    const target = await createPerson(database.db, 'kept');
    const teacher = await createPerson(database.db, 'teach', 'teacher');
    const member = await createPerson(database.db, 'memb');
    const callers: Array<[string, string | null]> = [
      ['anonymous', null],
      ['forged admin', await forged.sign({ sub: admin.id, username: admin.name, role: 'admin' })],
      ['guest', await guestToken()],
      ['member', member.token],
      ['teacher', teacher.token],
    ];
    const before = await rows(database, sql`select count(*)::int as n from users`);
    for (const [who, token] of callers) {
      for (const { route, input } of adminCalls(target.id)) {
        const res = await call(server.url, route.method, routeUrl(route, input as never), {
          token,
          body: 'body' in input ? input.body : undefined,
        });
        expect({ who, path: route.path, status: res.status }).toEqual({
          who,
          path: route.path,
          status: 404,
        });
        expect(res.json.message).toBe(CommonText.notFound);
      }
    }
    const after = await rows(database, sql`select count(*)::int as n from users`);
    expect(after).toEqual(before);
    const [row] = await database.db
      .select()
      .from(users)
      .where(sql`${users.id} = ${target.id}`);
    expect(row).toMatchObject({ role: 'member', status: 1 });
    expect(await auditFor(target.id)).toEqual([]);
    // An admin passes on the same routes (the list, say).
    expect((await as(admin.token).get(AdminApi.people.path)).status).toBe(200);
  });

  it('shows the dashboard: people online by kind, classes with who is in them, health', async () => {
    const pupil = await createPerson(database.db, 'online');
    const sockets = [
      await openClient(server.url, pupil.token),
      await openClient(server.url, pupil.token),
      await openClient(server.url, await signInGuest(server.url)),
    ];
    try {
      const res = await as(admin.token).get(AdminApi.dashboard.path);
      expect(res.status).toBe(200);
      expect(res.json.data).toMatchObject({
        online: { members: 1, guests: 1 },
        classes: [],
        calls: { rooms: 0, people: 0 },
        errors_last_hour: 0,
      });
      expect((res.json.data as { media: { state: string } }).media.state).toMatch(/up|down|off/);
    } finally {
      for (const s of sockets) s.close();
    }
  });

  it('closes sign-up, limits it to mail domains, and closes guest entry, as the admin sets', async () => {
    const register = (email: string) =>
      call(server.url, 'POST', AuthApi.register.path, {
        body: {
          email,
          password: PASSWORD,
          repeat_password: PASSWORD,
          username: email.split('@')[0],
        },
      });
    const set = (body: unknown) => as(admin.token).send('PATCH', AdminApi.updateAccess.path, body);
    expect(await set({ email_domains: ['School.Example'] })).toMatchObject({
      status: 200,
      json: { data: { self_registration: true, email_domains: ['school.example'], guests: true } },
    });
    const outside = await register('kid@elsewhere.test');
    expect(outside).toMatchObject({
      status: 400,
      json: { message: 'Sign-up is open to addresses at school.example only.' },
    });
    expect((await register('kid@school.example')).status).toBe(200);
    await set({ self_registration: false, guests: false });
    expect(await register('kid2@school.example')).toMatchObject({
      status: 403,
      json: { message: AdminText.registrationClosed },
    });
    expect(await call(server.url, 'POST', AuthApi.guest.path)).toMatchObject({
      status: 403,
      json: { message: AdminText.guestsClosed },
    });
    const bad = await set({ email_domains: ['not a domain'] });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain('Each domain must look like school.example.');
    await set({ self_registration: true, email_domains: [], guests: true });
    expect((await call(server.url, 'POST', AuthApi.guest.path)).status).toBe(200);
    const log = await as(admin.token).get(
      routeUrl(AdminApi.audit, { query: { action: 'settings.access' } }),
    );
    expect((log.json.data as { total: number }).total).toBe(3);
  });

  it('checks a roster row by row, refuses one with problems, and imports a fixed one with progress', async () => {
    await createPerson(database.db, 'exists');
    const existing = (await peoplePage(admin.token, { q: 'exists' })).rows[0]?.email ?? '';
    const rows = Array.from({ length: 30 }, (_, i) => ({
      username: `pupil${i}x`,
      email: `pupil${i}x@school.example`,
      role: i === 0 ? 'teacher' : 'member',
      class: 'Year 7 Blue',
    }));
    rows[3] = { ...rows[3]!, email: 'not-an-email' };
    rows[7] = { ...rows[7]!, username: 'pupil1x' };
    rows[9] = { ...rows[9]!, email: existing };
    const check = await as(admin.token).send('POST', AdminApi.rosterCheck.path, { rows });
    expect(check.json.data).toEqual({
      rows: 30,
      problems: [
        { row: 1, problems: [RosterText.duplicateUsername] },
        { row: 3, problems: ['Email is not valid.'] },
        { row: 7, problems: [RosterText.duplicateUsername] },
        { row: 9, problems: [RosterText.emailTaken] },
      ],
    });
    const refused = await as(admin.token).send('POST', AdminApi.rosterImport.path, { rows });
    expect(refused).toMatchObject({ status: 400, json: { message: RosterText.fixFirst } });
    expect((await peoplePage(admin.token, { q: 'pupil2x' })).total).toBe(0);

    rows[3] = { ...rows[3], email: 'pupil3x@school.example' };
    rows[7] = { ...rows[7], username: 'pupil7x' };
    rows[9] = { ...rows[9], email: 'pupil9x@school.example' };
    const res = await fetch(`${server.url}${AdminApi.rosterImport.path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ rows }),
    });
    expect(res.headers.get('content-type')).toContain('application/x-ndjson');
    const lines = (await res.text())
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as unknown);
    expect(lines[0]).toEqual({ done: 0, total: 30 });
    expect(lines.at(-2)).toEqual({ done: 30, total: 30 });
    expect(lines.at(-1)).toEqual({
      status: true,
      created: 30,
      message: '30 accounts created. Their activation mails are on their way.',
    });
    const made = await peoplePage(admin.token, { q: 'pupil', state: 'waiting', page_size: 50 });
    expect(made.total).toBe(30);
    expect(made.rows.find((r) => r.username === 'pupil0x')?.role).toBe('teacher');
    const tooMany = await as(admin.token).send('POST', AdminApi.rosterCheck.path, {
      rows: Array.from({ length: 1001 }, () => rows[0]),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.message).toContain(RosterText.tooMany);
  });

  it('pages, sorts and searches people on the server', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    for (const n of ['c', 'a', 'b']) {
      await database.db
        .insert(users)
        .values({ username: `${tag}${n}`, email: `${tag}${n}@school.test`, status: 1 });
    }
    const first = await peoplePage(admin.token, { q: tag, sort: 'username', page_size: 10 });
    expect(first.total).toBe(3);
    expect(first.rows.map((r) => r.username)).toEqual([`${tag}a`, `${tag}b`, `${tag}c`]);
    const desc = await peoplePage(admin.token, { q: tag, sort: 'username', dir: 'desc' });
    expect(desc.rows[0]?.username).toBe(`${tag}c`);
    const two = await peoplePage(admin.token, { q: tag, page: 2, page_size: 10 });
    expect(two.rows).toEqual([]);
    expect(two.total).toBe(3);
    const bad = await as(admin.token).get(`${AdminApi.people.path}?page_size=7`);
    expect(bad).toMatchObject({ status: 400 });
    expect(bad.json.message).toContain('The page size must be 10, 25, 50 or 100.');
    // A search with LIKE's own characters matches them literally.
    expect((await peoplePage(admin.token, { q: '%' })).total).toBe(0);
  });

  it('creates an account whose welcome mail lets the person choose a password and sign in', async () => {
    const created = await as(admin.token).send('POST', AdminApi.createPerson.path, {
      username: 'newpupil',
      email: 'newpupil@school.test',
      role: 'member',
    });
    expect(created).toMatchObject({ status: 200, json: { message: AdminText.created } });
    const person = created.json.data as AdminPerson;
    expect(person.state).toBe('waiting');
    const again = await as(admin.token).send('POST', AdminApi.createPerson.path, {
      username: 'other',
      email: 'NEWPUPIL@school.test',
      role: 'member',
    });
    expect(again).toMatchObject({ status: 409, json: { message: AdminText.emailTaken } });
    const [mail] = await new AuthRepository(database.db).listOutbox(1);
    expect(mail?.to).toBe('newpupil@school.test');
    const token = /token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeDefined();
    const set = await call(server.url, 'POST', AuthApi.recoverPassword.path, {
      body: { token, new_password: PASSWORD, repeat_new_password: PASSWORD },
    });
    expect(set.status).toBe(200);
    const login = await call(server.url, 'POST', AuthApi.login.path, {
      body: { username: 'newpupil', password: PASSWORD },
    });
    expect(login.status).toBe(200);
    expect(await auditFor(person.id)).toEqual(['person.create']);
  });

  it('changes a role with an audit entry naming who did it, before and after', async () => {
    const pupil = await createPerson(database.db, 'rise');
    const res = await as(admin.token).send(
      'PATCH',
      routeUrl(AdminApi.updatePerson, { params: { id: pupil.id } }),
      {
        role: 'teacher',
      },
    );
    expect(res).toMatchObject({ status: 200, json: { data: { role: 'teacher' } } });
    const log = await as(admin.token).get(
      routeUrl(AdminApi.audit, { query: { action: 'person.role', q: pupil.name } }),
    );
    const [entry] = (log.json.data as { rows: AuditEntry[] }).rows;
    expect(entry).toMatchObject({
      actor: admin.name,
      actor_id: admin.id,
      action: 'person.role',
      target: pupil.name,
      before: { role: 'member' },
      after: { role: 'teacher' },
    });
    expect(entry?.address).toBeTruthy();
    // The old token carried the old role: it is void now.
    expect((await call(server.url, 'GET', '/api/user/whoami', { token: pupil.token })).status).toBe(
      401,
    );
    const csv = await fetch(`${server.url}${AdminApi.auditCsv.path}?action=person.role`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(await csv.text()).toContain(`,${admin.name},person.role,${pupil.name},`);
  });

  it("writes other features' admin calls to the audit log, secrets hidden", async () => {
    const put = await as(admin.token).send('PUT', RoomApi.updatePopupAllowlist.path, {
      origins: ['https://example.org'],
    });
    expect(put.status).toBe(200);
    const log = await as(admin.token).get(
      routeUrl(AdminApi.audit, { query: { action: 'settings.popup_allowlist' } }),
    );
    expect((log.json.data as { rows: AuditEntry[] }).rows[0]).toMatchObject({
      actor: admin.name,
      target: RoomApi.updatePopupAllowlist.path,
      after: { origins: ['https://example.org'] },
    });
    // A refused call is not written.
    const member = await createPerson(database.db, 'nosy');
    await call(server.url, 'PUT', RoomApi.updatePopupAllowlist.path, {
      token: member.token,
      body: { origins: [] },
    });
    const again = await as(admin.token).get(
      routeUrl(AdminApi.audit, { query: { action: 'settings.popup_allowlist' } }),
    );
    expect((again.json.data as { total: number }).total).toBe(1);
  });

  it('sets public settings (the home page checked), never turning a private one public', async () => {
    const put = (key: string, value: unknown) =>
      as(admin.token).send('PUT', routeUrl(AdminApi.setPublicSetting, { params: { key } }), {
        value,
      });
    expect(await put('site.home_page', 'javascript:alert(1)')).toMatchObject({
      status: 400,
      json: { message: AdminText.homePageInvalid },
    });
    expect((await put('site.home_page', 'https://school.example/')).status).toBe(200);
    const read = await call(server.url, 'GET', '/api/public/custom-setting?key=site.home_page');
    expect(read.json.data).toEqual({ key: 'site.home_page', value: 'https://school.example/' });
    await as(admin.token).send('PATCH', AdminApi.updateAccess.path, { guests: true });
    expect(await put('access.guests', false)).toMatchObject({
      status: 409,
      json: { message: AdminText.settingPrivate },
    });
    const missing = await call(server.url, 'GET', '/api/public/custom-setting?key=access.guests');
    expect(missing.status).toBe(404);
    const list = await as(admin.token).get(AdminApi.publicSettings.path);
    expect(list.json.data).toEqual(
      expect.arrayContaining([{ key: 'site.home_page', value: 'https://school.example/' }]),
    );
    const del = await as(admin.token).send(
      'DELETE',
      routeUrl(AdminApi.deletePublicSetting, { params: { key: 'site.home_page' } }),
    );
    expect(del.status).toBe(200);
  });

  it('refuses to leave the campus without an admin, or an admin to demote themself', async () => {
    const self = await as(admin.token).send(
      'PATCH',
      routeUrl(AdminApi.updatePerson, { params: { id: admin.id } }),
      {
        role: 'member',
      },
    );
    expect(self).toMatchObject({ status: 400, json: { message: AdminText.notYourself } });
    const ban = await as(admin.token).send('POST', AdminApi.sanction.path, {
      kind: 'ban',
      user_id: (await createPerson(database.db, 'peer', 'admin')).id,
      reason: 'x',
    });
    expect(ban).toMatchObject({ status: 400, json: { message: AdminText.sanctionAdmin } });
  });

  it('deletes a person with their files and rows; only the audit entries stay', async () => {
    const member = await new UsersService(new UsersRepository(database.db)).createAccount({
      username: 'leaver',
      email: 'leaver@school.test',
      password: PASSWORD,
      role: 'member',
    });
    const login = await call(server.url, 'POST', AuthApi.login.path, {
      body: { username: 'leaver', password: PASSWORD },
    });
    const token = login.json.token as string;
    const friend = await createPerson(database.db, 'pal');
    await call(server.url, 'POST', '/api/social/friends/request', {
      token,
      body: { username: friend.name },
    });
    await call(server.url, 'POST', ChatApi.add.path, {
      token,
      form: { room: 'room-1', message: 'bye all' },
    });
    for (const area of ['screenshots', 'userfiles']) {
      const dir = path.join(dataDir, 'files', area, member.id);
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, 'a.png'), 'x');
    }
    const res = await as(admin.token).send(
      'DELETE',
      routeUrl(AdminApi.deletePerson, { params: { id: member.id } }),
    );
    expect(res).toMatchObject({
      status: 200,
      json: { message: 'leaver was deleted.', data: { files: 2, sessions: 1, friendships: 1 } },
    });
    for (const area of ['screenshots', 'userfiles']) {
      expect(await readdir(path.join(dataDir, 'files', area)).catch(() => [])).not.toContain(
        member.id,
      );
    }
    // Every table with a column naming the person, listed from the database itself.
    const columns = await rows<{ table_name: string; column_name: string }>(
      database,
      sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type = 'uuid' and table_name <> 'audit_log'`,
    );
    const left: string[] = [];
    for (const { table_name: t, column_name: c } of columns) {
      const found = await rows<{ n: number }>(
        database,
        sql`select count(*)::int as n from ${sql.identifier(t)} where ${sql.identifier(c)} = ${member.id}`,
      );
      if ((found[0]?.n ?? 0) > 0) left.push(`${t}.${c}`);
    }
    expect(left).toEqual([]);
    expect(await auditFor(member.id)).toEqual(['person.delete']);
    expect((await call(server.url, 'GET', '/api/user/whoami', { token })).status).toBe(401);
  });

  it('takes a report with the message read from the chat, and a ban ends the person’s sessions and sign-ins until lifted', async () => {
    await new UsersService(new UsersRepository(database.db)).createAccount({
      username: 'rowdy',
      email: 'rowdy@school.test',
      password: PASSWORD,
      role: 'member',
    });
    const login = async () =>
      call(server.url, 'POST', AuthApi.login.path, {
        body: { username: 'rowdy', password: PASSWORD },
      });
    const first = await login();
    const token = first.json.token as string;
    const rowdyId = (first.json.data as { _id: string })._id;
    const posted = await call(server.url, 'POST', ChatApi.add.path, {
      token,
      form: { room: 'room-2', message: 'you are all losers' },
    });
    const messageId = (posted.json.data as { id: number }).id;
    const reporter = await createPerson(database.db, 'witness');
    const forgedText = await call(server.url, 'POST', AdminApi.report.path, {
      token: reporter.token,
      body: { username: 'rowdy', reason: 'harassment', message_id: messageId + 1000 },
    });
    expect(forgedText.status).toBe(400);
    const report = await call(server.url, 'POST', AdminApi.report.path, {
      token: reporter.token,
      body: { username: 'rowdy', reason: 'harassment', note: 'in class', message_id: messageId },
    });
    expect(report).toMatchObject({ status: 200, json: { message: AdminText.reportSent } });
    expect(
      (
        await call(server.url, 'POST', AdminApi.report.path, {
          token: await guestToken(),
          body: { username: 'rowdy', reason: 'spam' },
        })
      ).status,
    ).toBe(403);
    const queue = await as(admin.token).get(AdminApi.reports.path);
    const open = (
      queue.json.data as {
        rows: Array<{ id: number; target: string; message: string; room: string }>;
      }
    ).rows;
    const mine = open.find((r) => r.target === 'rowdy');
    expect(mine).toMatchObject({ message: 'you are all losers', room: 'room-2' });

    const socket = await openClient(server.url, token);
    const ended = socket.wait('system:ended');
    const closed = new Promise<void>((resolve) =>
      socket.socket.once('disconnect', () => resolve()),
    );
    const ban = await as(admin.token).send('POST', AdminApi.sanction.path, {
      kind: 'ban',
      user_id: rowdyId,
      minutes: 60,
      reason: 'Insults in class',
      report_id: mine?.id,
    });
    expect(ban.status).toBe(200);
    expect(await ended).toMatchObject({ reason: 'ban' });
    await closed;
    expect((await call(server.url, 'GET', '/api/user/whoami', { token })).status).toBe(401);
    const refresh = await call(server.url, 'POST', AuthApi.refresh.path, {
      headers: { cookie: first.cookie ?? '' },
    });
    expect(refresh.status).toBe(401);
    const refused = await login();
    expect(refused.status).toBe(403);
    expect(refused.json.message).toMatch(
      /^Your account is banned until \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/,
    );
    const resolved = await as(admin.token).get(`${AdminApi.reports.path}?state=resolved`);
    expect(JSON.stringify(resolved.json.data)).toContain('"resolution":"ban"');

    const list = await as(admin.token).get(AdminApi.sanctions.path);
    const banRow = (list.json.data as { rows: Array<{ id: number; user_id: string }> }).rows.find(
      (r) => r.user_id === rowdyId,
    );
    const lift = await as(admin.token).send(
      'DELETE',
      routeUrl(AdminApi.liftSanction, { params: { id: banRow?.id ?? 0 } }),
    );
    expect(lift).toMatchObject({ status: 200, json: { message: AdminText.lifted } });
    expect((await login()).status).toBe(200);
    // The ban's entry names the report it answered.
    expect((await auditFor(rowdyId)).sort()).toEqual(['sanction.ban', 'sanction.lift']);
  });

  it('mutes a person in chat until the mute ends, and bans a network address for guests', async () => {
    const chatter = await createPerson(database.db, 'loud');
    const mute = await as(admin.token).send('POST', AdminApi.sanction.path, {
      kind: 'mute',
      user_id: chatter.id,
      minutes: 5,
      reason: 'Spam',
    });
    expect(mute.status).toBe(200);
    const post = await call(server.url, 'POST', ChatApi.add.path, {
      token: chatter.token,
      form: { room: 'room-1', message: 'hello' },
    });
    expect(post.status).toBe(403);
    expect(post.json.message).toMatch(/^An admin muted you in chat until /);
    expect(await signInGuest(server.url)).toBeTruthy();
    const ban = await as(admin.token).send('POST', AdminApi.sanction.path, {
      kind: 'ban',
      address: '127.0.0.1',
      reason: 'Trouble from the lab',
    });
    expect(ban.status).toBe(200);
    const guest = await call(server.url, 'POST', AuthApi.guest.path);
    expect(guest).toMatchObject({ status: 403, json: { message: AdminText.networkBanned } });
    const bad = await as(admin.token).send('POST', AdminApi.sanction.path, {
      kind: 'kick',
      address: '127.0.0.1',
      reason: 'x',
    });
    expect(bad).toMatchObject({ status: 400 });
    expect(bad.json.message).toContain(AdminText.addressOnlyBan);
    const id = (ban.json.data as { id: number }).id;
    await as(admin.token).send('DELETE', routeUrl(AdminApi.liftSanction, { params: { id } }));
    expect((await call(server.url, 'POST', AuthApi.guest.path)).status).toBe(200);
  });
});
