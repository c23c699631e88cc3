import type { AuthRepository } from '../../accounts/auth.repository.ts';
import type { SessionEnd, SessionGate } from '../../moderation/session-gate.ts';
import type { AtriumServer } from '../../realtime/realtime.ts';
import { userRoom } from '../../realtime/realtime.ts';

type EndReason = SessionEnd['reason'];

/**
 * Long enough for `system:ended` to leave before the connection closes (the page shows why),
 * short enough for "closed within a second".
 */
const LAST_WORD_MS = 150;

/** Ends a person's sessions: tokens, sign-ins and sockets, on every process. */
export class SessionEnder {
  constructor(
    private readonly gate: SessionGate,
    private readonly authRepo: AuthRepository,
    private readonly io: () => AtriumServer | null,
    private readonly now: () => Date,
  ) {
    // The CLI (no sockets of its own) asks every process to close a subject's connections.
    gate.onEnd((subject, end) => void this.closeHere(subject, end));
  }

  /** Tells this process's pages of `subject` why, then closes them (this process only). */
  private async closeHere(subject: string, end: SessionEnd): Promise<void> {
    const io = this.io();
    if (!io) return;
    io.local.to(userRoom(subject)).emit('system:ended', end);
    await new Promise((resolve) => setTimeout(resolve, LAST_WORD_MS));
    io.local.in(userRoom(subject)).disconnectSockets(true);
  }

  /**
   * Voids the subject's tokens (every process refuses them from now on), ends its sign-ins (not
   * for a role change: the page renews its token with the new role), tells its pages why and
   * closes their connections, through the Redis adapter on every process.
   */
  async end(subject: string, reason: EndReason, message: string): Promise<void> {
    await this.gate.revoke(subject);
    if (reason !== 'role' && !subject.startsWith('guest:')) {
      await this.authRepo.revokeAllForUser(subject, this.now());
    }
    const io = this.io();
    if (!io) return;
    io.to(userRoom(subject)).emit('system:ended', { reason, message });
    await new Promise((resolve) => setTimeout(resolve, LAST_WORD_MS));
    io.in(userRoom(subject)).disconnectSockets(true);
  }

  /** Ends every guest session from a banned network address (sockets only: guests have no sign-in). */
  async endGuestsFrom(address: string, message: string): Promise<number> {
    const io = this.io();
    if (!io) return 0;
    const sockets = await io.fetchSockets();
    const guests = sockets.filter(
      (s) => s.data.auth?.role === 'guest' && s.handshake.address === address,
    );
    for (const subject of new Set(guests.map((s) => s.data.auth?.sub ?? ''))) {
      if (subject) await this.gate.revoke(subject);
    }
    for (const s of guests) s.emit('system:ended', { reason: 'ban', message });
    if (guests.length > 0) await new Promise((resolve) => setTimeout(resolve, LAST_WORD_MS));
    for (const s of guests) s.disconnect(true);
    return guests.length;
  }
}
