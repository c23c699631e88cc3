// The admin console's moderation: a member's report, and the sanctions (ban, mute, a network
// address's ban) and their lifting.
import { AdminApi, AdminText, AuthApi, ChatApi, routeUrl } from '@atrium/protocol';
import { describe, expect, it } from 'vitest';
import { UsersRepository } from '../../accounts/users.repository.ts';
import { UsersService } from '../../accounts/users.service.ts';
import { PASSWORD, useAdminConsole } from '../../../test/admin-console.ts';
import { ACCOUNT_COOKIE } from '../auth/session-cookie.ts';
import { call, createPerson, guestToken, openClient, signInGuest } from '../../../test/people.ts';

describe('the admin console API (issue 29): moderation', () => {
  const { env, as, auditFor } = useAdminConsole();

  it('takes a report with the message read from the chat, and a ban ends the person’s sessions and sign-ins until lifted', async () => {
    await new UsersService(new UsersRepository(env.database.db)).createAccount({
      username: 'rowdy',
      email: 'rowdy@school.test',
      password: PASSWORD,
      role: 'member',
    });
    const login = async () =>
      call(env.server.url, 'POST', AuthApi.login.path, {
        body: { username: 'rowdy', password: PASSWORD },
      });
    const first = await login();
    const token = first.json.token as string;
    const rowdyId = (first.json.data as { _id: string })._id;
    const posted = await call(env.server.url, 'POST', ChatApi.add.path, {
      token,
      form: { room: 'room-2', message: 'you are all losers' },
    });
    const messageId = (posted.json.data as { id: number }).id;
    const reporter = await createPerson(env.database.db, 'witness');
    const forgedText = await call(env.server.url, 'POST', AdminApi.report.path, {
      token: reporter.token,
      body: { username: 'rowdy', reason: 'harassment', message_id: messageId + 1000 },
    });
    expect(forgedText.status).toBe(400);
    const report = await call(env.server.url, 'POST', AdminApi.report.path, {
      token: reporter.token,
      body: { username: 'rowdy', reason: 'harassment', note: 'in class', message_id: messageId },
    });
    expect(report).toMatchObject({ status: 200, json: { message: AdminText.reportSent } });
    expect(
      (
        await call(env.server.url, 'POST', AdminApi.report.path, {
          token: await guestToken(),
          body: { username: 'rowdy', reason: 'spam' },
        })
      ).status,
    ).toBe(403);
    const queue = await as(env.admin.token).get(AdminApi.reports.path);
    const open = (
      queue.json.data as {
        rows: Array<{ id: number; target: string; message: string; room: string }>;
      }
    ).rows;
    const mine = open.find((r) => r.target === 'rowdy');
    expect(mine).toMatchObject({ message: 'you are all losers', room: 'room-2' });

    const socket = await openClient(env.server.url, token);
    const ended = socket.wait('system:ended');
    const closed = new Promise<void>((resolve) =>
      socket.socket.once('disconnect', () => resolve()),
    );
    const ban = await as(env.admin.token).send('POST', AdminApi.sanction.path, {
      kind: 'ban',
      user_id: rowdyId,
      minutes: 60,
      reason: 'Insults in class',
      report_id: mine?.id,
    });
    expect(ban.status).toBe(200);
    expect(await ended).toMatchObject({ reason: 'ban' });
    await closed;
    expect((await call(env.server.url, 'GET', '/api/user/whoami', { token })).status).toBe(401);
    const refresh = await call(env.server.url, 'POST', AuthApi.refresh.path, {
      headers: { cookie: first.cookie ?? '' },
    });
    expect(refresh.status).toBe(401);
    const refused = await login();
    expect(refused.status).toBe(403);
    expect(refused.json.message).toMatch(
      /^Your account is banned until \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/,
    );
    // Nor as a guest from the browser the account signed in with (its sign-in left the account
    // cookie, which stays after sign-out); another browser, or a forged cookie, is not refused.
    const rowdyBrowser = { cookie: `${ACCOUNT_COOKIE}=${rowdyId}` };
    const asGuest = (headers: Record<string, string> = {}) =>
      call(env.server.url, 'POST', AuthApi.guest.path, { headers });
    expect(await asGuest(rowdyBrowser)).toMatchObject({
      status: 403,
      json: { message: AdminText.browserBanned },
    });
    expect((await asGuest()).status).toBe(200);
    expect((await asGuest({ cookie: `${ACCOUNT_COOKIE}=not-a-uuid'--` })).status).toBe(200);
    const resolved = await as(env.admin.token).get(`${AdminApi.reports.path}?state=resolved`);
    expect(JSON.stringify(resolved.json.data)).toContain('"resolution":"ban"');

    const list = await as(env.admin.token).get(AdminApi.sanctions.path);
    const banRow = (list.json.data as { rows: Array<{ id: number; user_id: string }> }).rows.find(
      (r) => r.user_id === rowdyId,
    );
    const lift = await as(env.admin.token).send(
      'DELETE',
      routeUrl(AdminApi.liftSanction, { params: { id: banRow?.id ?? 0 } }),
    );
    expect(lift).toMatchObject({ status: 200, json: { message: AdminText.lifted } });
    expect((await asGuest(rowdyBrowser)).status).toBe(200);
    const back = await fetch(`${env.server.url}${AuthApi.login.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'rowdy', password: PASSWORD }),
    });
    expect(back.status).toBe(200);
    expect(back.headers.getSetCookie().map((c) => c.split(';')[0])).toContain(rowdyBrowser.cookie);
    // The ban's entry names the report it answered.
    expect((await auditFor(rowdyId)).sort()).toEqual(['sanction.ban', 'sanction.lift']);
  });

  it('mutes a person in chat until the mute ends, and bans a network address for guests', async () => {
    const chatter = await createPerson(env.database.db, 'loud');
    const mute = await as(env.admin.token).send('POST', AdminApi.sanction.path, {
      kind: 'mute',
      user_id: chatter.id,
      minutes: 5,
      reason: 'Spam',
    });
    expect(mute.status).toBe(200);
    const post = await call(env.server.url, 'POST', ChatApi.add.path, {
      token: chatter.token,
      form: { room: 'room-1', message: 'hello' },
    });
    expect(post.status).toBe(403);
    expect(post.json.message).toMatch(/^An admin muted you in chat until /);
    expect(await signInGuest(env.server.url)).toBeTruthy();
    const ban = await as(env.admin.token).send('POST', AdminApi.sanction.path, {
      kind: 'ban',
      address: '127.0.0.1',
      reason: 'Trouble from the lab',
    });
    expect(ban.status).toBe(200);
    const guest = await call(env.server.url, 'POST', AuthApi.guest.path);
    expect(guest).toMatchObject({ status: 403, json: { message: AdminText.networkBanned } });
    const bad = await as(env.admin.token).send('POST', AdminApi.sanction.path, {
      kind: 'kick',
      address: '127.0.0.1',
      reason: 'x',
    });
    expect(bad).toMatchObject({ status: 400 });
    expect(bad.json.message).toContain(AdminText.addressOnlyBan);
    const id = (ban.json.data as { id: number }).id;
    await as(env.admin.token).send('DELETE', routeUrl(AdminApi.liftSanction, { params: { id } }));
    expect((await call(env.server.url, 'POST', AuthApi.guest.path)).status).toBe(200);
  });
});
