// The admin console's people: the roster import, the list, creating, changing and deleting an
// account, and the campus keeping an admin.
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AdminApi, AdminText, AuthApi, ChatApi, RosterText, routeUrl } from '@atrium/protocol';
import type { AdminPerson, AuditEntry } from '@atrium/protocol';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AuthRepository } from '../../accounts/auth.repository.ts';
import { UsersRepository } from '../../accounts/users.repository.ts';
import { UsersService } from '../../accounts/users.service.ts';
import { users } from '../../db/schema.ts';
import { PASSWORD, rows, useAdminConsole } from '../../../test/admin-console.ts';
import { call, createPerson } from '../../../test/people.ts';

describe('the admin console API (issue 29): people', () => {
  const { env, as, peoplePage, auditFor } = useAdminConsole();

  it('checks a roster row by row, refuses one with problems, and imports a fixed one with progress', async () => {
    await createPerson(env.database.db, 'exists');
    const existing = (await peoplePage(env.admin.token, { q: 'exists' })).rows[0]?.email ?? '';
    const rows = Array.from({ length: 30 }, (_, i) => ({
      username: `pupil${i}x`,
      email: `pupil${i}x@school.example`,
      role: i === 0 ? 'teacher' : 'member',
      class: 'Year 7 Blue',
    }));
    rows[3] = { ...rows[3]!, email: 'not-an-email' };
    rows[7] = { ...rows[7]!, username: 'pupil1x' };
    rows[9] = { ...rows[9]!, email: existing };
    const check = await as(env.admin.token).send('POST', AdminApi.rosterCheck.path, { rows });
    expect(check.json.data).toEqual({
      rows: 30,
      problems: [
        { row: 1, problems: [RosterText.duplicateUsername] },
        { row: 3, problems: ['Email is not valid.'] },
        { row: 7, problems: [RosterText.duplicateUsername] },
        { row: 9, problems: [RosterText.emailTaken] },
      ],
    });
    const refused = await as(env.admin.token).send('POST', AdminApi.rosterImport.path, { rows });
    expect(refused).toMatchObject({ status: 400, json: { message: RosterText.fixFirst } });
    expect((await peoplePage(env.admin.token, { q: 'pupil2x' })).total).toBe(0);

    rows[3] = { ...rows[3], email: 'pupil3x@school.example' };
    rows[7] = { ...rows[7], username: 'pupil7x' };
    rows[9] = { ...rows[9], email: 'pupil9x@school.example' };
    const res = await fetch(`${env.server.url}${AdminApi.rosterImport.path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${env.admin.token}`, 'content-type': 'application/json' },
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
    const made = await peoplePage(env.admin.token, { q: 'pupil', state: 'waiting', page_size: 50 });
    expect(made.total).toBe(30);
    expect(made.rows.find((r) => r.username === 'pupil0x')?.role).toBe('teacher');
    const tooMany = await as(env.admin.token).send('POST', AdminApi.rosterCheck.path, {
      rows: Array.from({ length: 1001 }, () => rows[0]),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.message).toContain(RosterText.tooMany);
  });

  it('pages, sorts and searches people on the server', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    for (const n of ['c', 'a', 'b']) {
      await env.database.db
        .insert(users)
        .values({ username: `${tag}${n}`, email: `${tag}${n}@school.test`, status: 1 });
    }
    const first = await peoplePage(env.admin.token, { q: tag, sort: 'username', page_size: 10 });
    expect(first.total).toBe(3);
    expect(first.rows.map((r) => r.username)).toEqual([`${tag}a`, `${tag}b`, `${tag}c`]);
    const desc = await peoplePage(env.admin.token, { q: tag, sort: 'username', dir: 'desc' });
    expect(desc.rows[0]?.username).toBe(`${tag}c`);
    const two = await peoplePage(env.admin.token, { q: tag, page: 2, page_size: 10 });
    expect(two.rows).toEqual([]);
    expect(two.total).toBe(3);
    const bad = await as(env.admin.token).get(`${AdminApi.people.path}?page_size=7`);
    expect(bad).toMatchObject({ status: 400 });
    expect(bad.json.message).toContain('The page size must be 10, 25, 50 or 100.');
    // A search with LIKE's own characters matches them literally.
    expect((await peoplePage(env.admin.token, { q: '%' })).total).toBe(0);
  });

  it('creates an account whose welcome mail lets the person choose a password and sign in', async () => {
    const created = await as(env.admin.token).send('POST', AdminApi.createPerson.path, {
      username: 'newpupil',
      email: 'newpupil@school.test',
      role: 'member',
    });
    expect(created).toMatchObject({ status: 200, json: { message: AdminText.created } });
    const person = created.json.data as AdminPerson;
    expect(person.state).toBe('waiting');
    const again = await as(env.admin.token).send('POST', AdminApi.createPerson.path, {
      username: 'other',
      email: 'NEWPUPIL@school.test',
      role: 'member',
    });
    expect(again).toMatchObject({ status: 409, json: { message: AdminText.emailTaken } });
    const [mail] = await new AuthRepository(env.database.db).listOutbox(1);
    expect(mail?.to).toBe('newpupil@school.test');
    const token = /token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeDefined();
    const set = await call(env.server.url, 'POST', AuthApi.recoverPassword.path, {
      body: { token, new_password: PASSWORD, repeat_new_password: PASSWORD },
    });
    expect(set.status).toBe(200);
    const login = await call(env.server.url, 'POST', AuthApi.login.path, {
      body: { username: 'newpupil', password: PASSWORD },
    });
    expect(login.status).toBe(200);
    expect(await auditFor(person.id)).toEqual(['person.create']);
  });

  it('changes a role with an audit entry naming who did it, before and after', async () => {
    const pupil = await createPerson(env.database.db, 'rise');
    const res = await as(env.admin.token).send(
      'PATCH',
      routeUrl(AdminApi.updatePerson, { params: { id: pupil.id } }),
      {
        role: 'teacher',
      },
    );
    expect(res).toMatchObject({ status: 200, json: { data: { role: 'teacher' } } });
    const log = await as(env.admin.token).get(
      routeUrl(AdminApi.audit, { query: { action: 'person.role', q: pupil.name } }),
    );
    const [entry] = (log.json.data as { rows: AuditEntry[] }).rows;
    expect(entry).toMatchObject({
      actor: env.admin.name,
      actor_id: env.admin.id,
      action: 'person.role',
      target: pupil.name,
      before: { role: 'member' },
      after: { role: 'teacher' },
    });
    expect(entry?.address).toBeTruthy();
    // The old token carried the old role: it is void now.
    expect(
      (await call(env.server.url, 'GET', '/api/user/whoami', { token: pupil.token })).status,
    ).toBe(401);
    const csv = await fetch(`${env.server.url}${AdminApi.auditCsv.path}?action=person.role`, {
      headers: { authorization: `Bearer ${env.admin.token}` },
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(await csv.text()).toContain(`,${env.admin.name},person.role,${pupil.name},`);
  });

  it('refuses to leave the campus without an admin, or an admin to demote themself', async () => {
    const self = await as(env.admin.token).send(
      'PATCH',
      routeUrl(AdminApi.updatePerson, { params: { id: env.admin.id } }),
      {
        role: 'member',
      },
    );
    expect(self).toMatchObject({ status: 400, json: { message: AdminText.notYourself } });
    const ban = await as(env.admin.token).send('POST', AdminApi.sanction.path, {
      kind: 'ban',
      user_id: (await createPerson(env.database.db, 'peer', 'admin')).id,
      reason: 'x',
    });
    expect(ban).toMatchObject({ status: 400, json: { message: AdminText.sanctionAdmin } });
  });

  it('deletes a person with their files and rows; only the audit entries stay', async () => {
    const member = await new UsersService(new UsersRepository(env.database.db)).createAccount({
      username: 'leaver',
      email: 'leaver@school.test',
      password: PASSWORD,
      role: 'member',
    });
    const login = await call(env.server.url, 'POST', AuthApi.login.path, {
      body: { username: 'leaver', password: PASSWORD },
    });
    const token = login.json.token as string;
    const friend = await createPerson(env.database.db, 'pal');
    await call(env.server.url, 'POST', '/api/social/friends/request', {
      token,
      body: { username: friend.name },
    });
    await call(env.server.url, 'POST', ChatApi.add.path, {
      token,
      form: { room: 'room-1', message: 'bye all' },
    });
    for (const area of ['screenshots', 'userfiles']) {
      const dir = path.join(env.dataDir, 'files', area, member.id);
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, 'a.png'), 'x');
    }
    const res = await as(env.admin.token).send(
      'DELETE',
      routeUrl(AdminApi.deletePerson, { params: { id: member.id } }),
    );
    expect(res).toMatchObject({
      status: 200,
      json: { message: 'leaver was deleted.', data: { files: 2, sessions: 1, friendships: 1 } },
    });
    for (const area of ['screenshots', 'userfiles']) {
      expect(await readdir(path.join(env.dataDir, 'files', area)).catch(() => [])).not.toContain(
        member.id,
      );
    }
    // Every table with a column naming the person, listed from the database itself.
    const columns = await rows<{ table_name: string; column_name: string }>(
      env.database,
      sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type = 'uuid' and table_name <> 'audit_log'`,
    );
    const left: string[] = [];
    for (const { table_name: t, column_name: c } of columns) {
      const found = await rows<{ n: number }>(
        env.database,
        sql`select count(*)::int as n from ${sql.identifier(t)} where ${sql.identifier(c)} = ${member.id}`,
      );
      if ((found[0]?.n ?? 0) > 0) left.push(`${t}.${c}`);
    }
    expect(left).toEqual([]);
    expect(await auditFor(member.id)).toEqual(['person.delete']);
    expect((await call(env.server.url, 'GET', '/api/user/whoami', { token })).status).toBe(401);
  });
});
