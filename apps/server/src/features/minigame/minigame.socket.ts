import type { SocketFeature } from '../../realtime/realtime.ts';
import type { MinigameService } from './minigame.service.ts';

/** Darts matches between two people on the campus: invite, answer, throw and leave. */
export function minigameSocket(service: MinigameService): SocketFeature {
  return (_socket, on) => {
    on('darts:invite', (s, { username, mode }) => service.invite(s.data.auth, username, mode));
    on('darts:answer', (s, { matchId, accept }) => service.answer(s.data.auth, matchId, accept));
    on('darts:throw', (s, { matchId, hit }) => service.throwDart(s.data.auth, matchId, hit));
    on('darts:leave', async (s, { matchId }) => ({
      left: await service.leave(s.data.auth, matchId),
    }));
  };
}
