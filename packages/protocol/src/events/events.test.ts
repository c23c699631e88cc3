import { describe, expect, it } from 'vitest';
import { clientEvents, serverEvents } from '../socket.ts';
import { chatClientEvents, chatServerEvents } from './chat.events.ts';
import { classClientEvents, classServerEvents } from './class.events.ts';
import { dartsClientEvents, dartsServerEvents, minigameServerEvents } from './minigame.events.ts';
import { socialClientEvents, socialServerEvents } from './social.events.ts';
import { systemClientEvents, systemServerEvents } from './system.events.ts';
import { worldClientEvents, worldServerEvents } from './world.events.ts';
import { voiceClientEvents, voiceServerEvents } from './voice.events.ts';

const domains = {
  system: { client: systemClientEvents, server: systemServerEvents },
  world: { client: worldClientEvents, server: worldServerEvents },
  voice: { client: voiceClientEvents, server: voiceServerEvents },
  class: { client: classClientEvents, server: classServerEvents },
  chat: { client: chatClientEvents, server: chatServerEvents },
  social: { client: socialClientEvents, server: socialServerEvents },
  darts: { client: dartsClientEvents, server: dartsServerEvents },
  minigame: { client: {}, server: minigameServerEvents },
};

describe('socket event maps', () => {
  it("names every event after its domain, so no domain's event shadows another's", () => {
    for (const [domain, maps] of Object.entries(domains)) {
      for (const name of [...Object.keys(maps.client), ...Object.keys(maps.server)]) {
        expect(name.startsWith(`${domain}:`), name).toBe(true);
      }
    }
  });

  it('merges every domain map, and nothing else, into the one map both ends use', () => {
    const all = Object.values(domains);
    expect(Object.keys(clientEvents).sort()).toEqual(
      all.flatMap((d) => Object.keys(d.client)).sort(),
    );
    expect(Object.keys(serverEvents).sort()).toEqual(
      all.flatMap((d) => Object.keys(d.server)).sort(),
    );
    for (const d of all) {
      for (const [name, spec] of Object.entries(d.client)) {
        expect(clientEvents[name as keyof typeof clientEvents]).toBe(spec);
      }
    }
  });
});
