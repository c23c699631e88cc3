import { randomUUID } from 'node:crypto';
import { CallRoomsRepository } from '../../calls/call-rooms.ts';
import { AuthText, ClassroomText, VIDEO_TOKEN_TTL_S } from '@atrium/protocol';
import { decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessTokens } from '../../security/access-tokens.ts';
import type { AuthClaims } from '../../security/access-tokens.ts';
import { createTestDatabase, testDatabaseKinds } from '../../../test/databases.ts';
import type { TestDatabase } from '../../../test/databases.ts';
import { startTestApp } from '../../../test/test-app.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { ClassroomRepository } from './classroom.repository.ts';
import { ClassroomService } from './classroom.service.ts';
import { call as jsonCall } from '../../../test/people.ts';

const JWT_SECRET = 'classroom-http-test-secret-0123456789abcdef';

describe.each(testDatabaseKinds())('classroom tokens and flags on %s', (kind) => {
  let database: TestDatabase;
  let server: TestApp;
  const tokens = new AccessTokens(JWT_SECRET);
  const bearer: Record<'admin' | 'teacher' | 'member' | 'guest', string> = {
    admin: '',
    teacher: '',
    member: '',
    guest: '',
  };
  const claims: Record<string, AuthClaims> = {};

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    server = await startTestApp(database, { JWT_SECRET });
    for (const role of ['admin', 'teacher', 'member', 'guest'] as const) {
      claims[role] = { sub: randomUUID(), username: `${role}-one`, role };
      bearer[role] = await tokens.sign(claims[role]);
    }
  });
  afterAll(async () => {
    await server.close();
    await database.dispose();
  });

  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const res = await jsonCall(server.url, method, path, { token, body });
    return { status: res.status, json: res.json as Record<string, unknown> };
  };
  const videoTokens = (channel: string, uid: string, token?: string) =>
    call('GET', `/api/communication/rte/${channel}/publisher/uid/${uid}`, token);
  const flagsPath = (channel: string) => `/api/communication/channels/${channel}/global-settings`;

  it('gives a member short-lived tokens bound to the user, channel and uid', async () => {
    const { status, json } = await videoTokens('room-2', '4711', bearer.member);
    expect(status).toBe(200);
    expect(json.status).toBe(true);
    const key = new ClassroomService(
      new ClassroomRepository(database.db),
      JWT_SECRET,
      new CallRoomsRepository(database.db),
    ).videoTokenKey;
    for (const [field, kindName] of [
      ['rtcToken', 'rtc'],
      ['rtmToken', 'rtm'],
    ] as const) {
      const token = json[field] as string;
      const { payload } = await jwtVerify(token, key, { audience: `atrium:${kindName}` });
      expect(payload).toMatchObject({
        sub: claims.member!.sub,
        channel: 'room-2',
        uid: '4711',
        kind: kindName,
        host: false,
      });
      expect(payload.exp! - payload.iat!).toBe(VIDEO_TOKEN_TTL_S);
    }
    // Signed with a key of their own: a video token is no access token.
    expect(await tokens.verify(json.rtcToken as string)).toBeUndefined();
    // Host or not is the server's call, from the bearer's role.
    const teacher = await videoTokens('room-1', 'abc', bearer.teacher);
    expect(decodeJwt(teacher.json.rtcToken as string)).toMatchObject({ host: true });
  });

  it('answers empty tokens with the reason for an unknown channel or a bad uid', async () => {
    for (const [channel, uid, message] of [
      ['room-4', '1', ClassroomText.unknownRoom],
      ['lobby', '1', ClassroomText.unknownRoom],
      ['room-1', 'a.b', ClassroomText.invalidUid],
      ['room-1', 'x'.repeat(65), ClassroomText.invalidUid],
    ] as const) {
      const { status, json } = await videoTokens(channel, uid, bearer.member);
      expect(status).toBe(200);
      expect(json).toEqual({ status: false, message, rtcToken: '', rtmToken: '' });
    }
  });

  it('tells a guest to register, and refuses without a bearer', async () => {
    const guest = await videoTokens('room-1', '1', bearer.guest);
    expect(guest.status).toBe(403);
    expect(guest.json.message).toBe('You need to register before using this feature');
    expect(ClassroomText.registerRequired).toBe('You need to register before using this feature');
    const anonymous = await videoTokens('room-1', '1');
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.message).toBe(AuthText.notSignedIn);
  });

  it('has room-1, room-2 and room-3 from the start, all flags off', async () => {
    for (const room of ['room-1', 'room-2', 'room-3']) {
      const { status, json } = await call('GET', flagsPath(room), bearer.member);
      expect(status).toBe(200);
      expect(json.data).toEqual({
        global_mute_audio_config: false,
        global_mute_video_config: false,
      });
    }
    expect((await call('GET', flagsPath('room-4'), bearer.member)).status).toBe(400);
    expect((await call('GET', flagsPath('room-1'), bearer.guest)).json.message).toBe(
      AuthText.registerRequired,
    );
  });

  it('lets teachers and admins set the flags, and refuses a student without changing anything', async () => {
    const set = (room: string, key: string, value: unknown, token: string) =>
      call('PUT', `${flagsPath(room)}/${key}`, token, { value });

    const refused = await set('room-3', 'global_mute_audio_config', true, bearer.member);
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe(ClassroomText.hostsOnly);
    const guest = await set('room-3', 'global_mute_audio_config', true, bearer.guest);
    expect(guest.json.message).toBe(AuthText.registerRequired);
    expect((await set('room-3', 'global_mute_audio_config', 'yes', bearer.teacher)).status).toBe(
      400,
    );
    expect((await set('room-3', 'global_mute_other', true, bearer.teacher)).status).toBe(400);
    expect((await call('GET', flagsPath('room-3'), bearer.member)).json.data).toEqual({
      global_mute_audio_config: false,
      global_mute_video_config: false,
    });

    const byTeacher = await set('room-3', 'global_mute_audio_config', true, bearer.teacher);
    expect(byTeacher.status).toBe(200);
    expect(byTeacher.json.data).toEqual({
      global_mute_audio_config: true,
      global_mute_video_config: false,
    });
    const byAdmin = await set('room-3', 'global_mute_video_config', true, bearer.admin);
    expect(byAdmin.json.data).toEqual({
      global_mute_audio_config: true,
      global_mute_video_config: true,
    });
    // Stored per channel: the others are untouched, and a member reads them.
    expect((await call('GET', flagsPath('room-3'), bearer.member)).json.data).toEqual({
      global_mute_audio_config: true,
      global_mute_video_config: true,
    });
    expect((await call('GET', flagsPath('room-2'), bearer.member)).json.data).toEqual({
      global_mute_audio_config: false,
      global_mute_video_config: false,
    });
    await set('room-3', 'global_mute_audio_config', false, bearer.admin);
    expect((await call('GET', flagsPath('room-3'), bearer.member)).json.data).toEqual({
      global_mute_audio_config: false,
      global_mute_video_config: true,
    });
  });
});
