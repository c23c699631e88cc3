import { createHmac } from 'node:crypto';
import { CHAT_READ_TOKEN_TTL_S, ChatText } from '@atrium/protocol';
import { jwtVerify, SignJWT } from 'jose';
import { forbidden, unauthorized } from '../../http/errors.ts';

const AUDIENCE = 'atrium:chat-read';

/**
 * The read tokens of SPEC §7's no-auth row: bound to one classroom, short-lived, and signed with a
 * key of their own, so one can never pass for an access token (posting) or a video token.
 */
export class ChatReadTokens {
  readonly #key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlS: number = CHAT_READ_TOKEN_TTL_S,
  ) {
    this.#key = createHmac('sha256', secret).update('atrium:chat-read-tokens').digest();
  }

  /** A token that may watch `channel` for the next `ttlS` seconds. */
  sign(channel: string, uid: string): Promise<string> {
    return new SignJWT({ channel, uid })
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlS}s`)
      .sign(this.#key);
  }

  /** Resolves when `token` is valid and for `room`; otherwise throws the refusal to show. */
  async verify(token: string, room: string): Promise<void> {
    let channel: unknown;
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        audience: AUDIENCE,
        algorithms: ['HS256'],
      });
      channel = payload.channel;
    } catch {
      // Expired, tampered or another kind of token: all the same to the reader, and expected.
      throw unauthorized(ChatText.readTokenInvalid);
    }
    if (channel !== room) throw forbidden(ChatText.readTokenOtherRoom);
  }
}
