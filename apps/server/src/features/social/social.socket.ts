import type { FastifyBaseLogger } from 'fastify';
import type { SocketFeature } from '../../realtime/realtime.ts';
import { ONLINE_WATCHERS_ROOM } from './social.presence.service.ts';
import type { SocialService } from './social.service.ts';

/**
 * The social layer on the main socket: presence from a member's sockets, the pending inbox on
 * connect, and the inbox's client events (calls, invites, action requests, pings, answers).
 */
export function socialSocket(service: SocialService, log: FastifyBaseLogger): SocketFeature {
  return (socket, on) => {
    const claims = socket.data.auth;
    // Guests and anonymous sockets are not on anyone's list (SPEC §6): no presence for them.
    let opened: Promise<void> = Promise.resolve();
    if (claims && claims.role !== 'guest') {
      opened = service.connected(claims, socket.id).then(
        (waiting) => {
          // SPEC §4: a recipient who comes back within the hour gets each message, in order.
          for (const message of waiting) socket.emit('social:message', message);
        },
        (err: unknown) => log.error({ err }, 'presence connect failed'),
      );
      socket.on('disconnect', () => {
        void opened
          .then(() => service.disconnected(claims, socket.id))
          .catch((err: unknown) => log.warn({ err }, 'presence disconnect failed'));
      });
    }
    on('social:call', async (s, { username }) => ({
      message: await service.send(s.data.auth, username, { inbox: 'CallUser', type: 'call' }),
    }));
    on('social:cancel-call', async (s, { username }) => ({
      message: await service.cancelCall(s.data.auth, username),
    }));
    on('social:invite', async (s, { username, channel }) => ({
      message: await service.send(s.data.auth, username, {
        inbox: 'InviteUser',
        type: 'invite',
        channel,
      }),
    }));
    on('social:request-action', async (s, { username, action }) => ({
      message: await service.send(s.data.auth, username, {
        inbox: 'RequestUser',
        type: 'request-action',
        action,
      }),
    }));
    on('social:ping', async (s, { username }) => ({
      message: await service.send(s.data.auth, username, { inbox: 'PingUser', type: 'ping' }),
    }));
    on('social:answer', (s, { inbox, accept, position }) =>
      service.answer(s.data.auth, inbox, accept, position),
    );
    on('social:inbox', async (s) => {
      await opened;
      return { messages: await service.pending(s.data.auth) };
    });
    // The Online tab: while it is open, this socket hears everyone's presence (issue 27).
    on('social:watch-online', async (s) => {
      service.mayWatchOnline(s.data.auth);
      await s.join(ONLINE_WATCHERS_ROOM);
      return {};
    });
    on('social:unwatch-online', async (s) => {
      await s.leave(ONLINE_WATCHERS_ROOM);
      return {};
    });
  };
}
