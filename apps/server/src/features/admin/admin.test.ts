// Who may use the admin console (only an admin: everyone else gets 404 on every route), its
// dashboard, and the campus settings and audit log of its own and of other features. People and
// moderation have their own files (`admin.people.test.ts`, `admin.moderation.test.ts`).
import { AdminApi, AdminText, AuthApi, CommonText, RoomApi, routeUrl } from '@atrium/protocol';
import type { AuditEntry } from '@atrium/protocol';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { PASSWORD, rows, useAdminConsole } from '../../../test/admin-console.ts';
import { call, createPerson, guestToken, openClient, signInGuest } from '../../../test/people.ts';
import { AccessTokens } from '../../security/access-tokens.ts';

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
      route: AdminApi.classPolicy,
      input: { params: { channel: 'room-1' }, body: { entry_policy: 'ask' } },
    },
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
  const { env, as, auditFor } = useAdminConsole();

  it('answers 404 to everyone but an admin, on every route, and a refused call changes nothing', async () => {
    const target = await createPerson(env.database.db, 'kept');
    const teacher = await createPerson(env.database.db, 'teach', 'teacher');
    const member = await createPerson(env.database.db, 'memb');
    const callers: Array<[string, string | null]> = [
      ['anonymous', null],
      [
        'forged admin',
        await forged.sign({ sub: env.admin.id, username: env.admin.name, role: 'admin' }),
      ],
      ['guest', await guestToken()],
      ['member', member.token],
      ['teacher', teacher.token],
    ];
    const before = await rows(env.database, sql`select count(*)::int as n from users`);
    for (const [who, token] of callers) {
      for (const { route, input } of adminCalls(target.id)) {
        const res = await call(env.server.url, route.method, routeUrl(route, input as never), {
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
    const after = await rows(env.database, sql`select count(*)::int as n from users`);
    expect(after).toEqual(before);
    const [row] = await env.database.db
      .select()
      .from(users)
      .where(sql`${users.id} = ${target.id}`);
    expect(row).toMatchObject({ role: 'member', status: 1 });
    expect(await auditFor(target.id)).toEqual([]);
    // An admin passes on the same routes (the list, say).
    expect((await as(env.admin.token).get(AdminApi.people.path)).status).toBe(200);
  });

  it('shows the dashboard: people online by kind, classes with who is in them, health', async () => {
    const pupil = await createPerson(env.database.db, 'online');
    const sockets = [
      await openClient(env.server.url, pupil.token),
      await openClient(env.server.url, pupil.token),
      await openClient(env.server.url, await signInGuest(env.server.url)),
    ];
    try {
      const res = await as(env.admin.token).get(AdminApi.dashboard.path);
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
      call(env.server.url, 'POST', AuthApi.register.path, {
        body: {
          email,
          password: PASSWORD,
          repeat_password: PASSWORD,
          username: email.split('@')[0],
        },
      });
    const set = (body: unknown) =>
      as(env.admin.token).send('PATCH', AdminApi.updateAccess.path, body);
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
    expect(await call(env.server.url, 'POST', AuthApi.guest.path)).toMatchObject({
      status: 403,
      json: { message: AdminText.guestsClosed },
    });
    const bad = await set({ email_domains: ['not a domain'] });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain('Each domain must look like school.example.');
    await set({ self_registration: true, email_domains: [], guests: true });
    expect((await call(env.server.url, 'POST', AuthApi.guest.path)).status).toBe(200);
    const log = await as(env.admin.token).get(
      routeUrl(AdminApi.audit, { query: { action: 'settings.access' } }),
    );
    expect((log.json.data as { total: number }).total).toBe(3);
  });

  it("writes other features' admin calls to the audit log, secrets hidden", async () => {
    const put = await as(env.admin.token).send('PUT', RoomApi.updatePopupAllowlist.path, {
      origins: ['https://example.org'],
    });
    expect(put.status).toBe(200);
    const log = await as(env.admin.token).get(
      routeUrl(AdminApi.audit, { query: { action: 'settings.popup_allowlist' } }),
    );
    expect((log.json.data as { rows: AuditEntry[] }).rows[0]).toMatchObject({
      actor: env.admin.name,
      target: RoomApi.updatePopupAllowlist.path,
      after: { origins: ['https://example.org'] },
    });
    // A refused call is not written.
    const member = await createPerson(env.database.db, 'nosy');
    await call(env.server.url, 'PUT', RoomApi.updatePopupAllowlist.path, {
      token: member.token,
      body: { origins: [] },
    });
    const again = await as(env.admin.token).get(
      routeUrl(AdminApi.audit, { query: { action: 'settings.popup_allowlist' } }),
    );
    expect((again.json.data as { total: number }).total).toBe(1);
  });

  it('sets public settings (the home page checked), never turning a private one public', async () => {
    const put = (key: string, value: unknown) =>
      as(env.admin.token).send('PUT', routeUrl(AdminApi.setPublicSetting, { params: { key } }), {
        value,
      });
    expect(await put('site.home_page', 'javascript:alert(1)')).toMatchObject({
      status: 400,
      json: { message: AdminText.homePageInvalid },
    });
    expect((await put('site.home_page', 'https://school.example/')).status).toBe(200);
    const read = await call(env.server.url, 'GET', '/api/public/custom-setting?key=site.home_page');
    expect(read.json.data).toEqual({ key: 'site.home_page', value: 'https://school.example/' });
    await as(env.admin.token).send('PATCH', AdminApi.updateAccess.path, { guests: true });
    expect(await put('access.guests', false)).toMatchObject({
      status: 409,
      json: { message: AdminText.settingPrivate },
    });
    const missing = await call(
      env.server.url,
      'GET',
      '/api/public/custom-setting?key=access.guests',
    );
    expect(missing.status).toBe(404);
    const list = await as(env.admin.token).get(AdminApi.publicSettings.path);
    expect(list.json.data).toEqual(
      expect.arrayContaining([{ key: 'site.home_page', value: 'https://school.example/' }]),
    );
    const del = await as(env.admin.token).send(
      'DELETE',
      routeUrl(AdminApi.deletePublicSetting, { params: { key: 'site.home_page' } }),
    );
    expect(del.status).toBe(200);
  });
});
