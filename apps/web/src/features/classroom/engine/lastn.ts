// Issue 28 §6 (last-N): the page tells the server which cameras it shows, and the server has Janus
// forward only those (at most CLASS_LAST_N, the teachers first) at the layer each tile needs. A
// tile the server does not forward shows as paused; everyone's audio still plays.
import type { ServerPayload } from '@atrium/protocol';
import { MAX_LARGE_TILES, MAX_VIEW_FEEDS } from '@atrium/protocol';
import { request, type AppSocket } from '../../../shared/realtime/socketClient.ts';
import type { Store } from '../../../shared/store.ts';
import type { ClassroomState } from './types.ts';

/** A tile at least this wide (CSS px) is drawn big enough to want the high layer. */
export const LARGE_TILE_PX = 480;
/** How long the view waits to settle (a scroll, a speaker taking over) before the server hears it. */
const VIEW_DELAY_MS = 250;

export interface ViewEngine {
  /** A tile's place on screen: on it or not, and how wide (CSS px); `null` when it unmounts. */
  showTile(id: number, place: { visible: boolean; width: number } | null): void;
  dispose(): void;
}

/** The view to send: the speaker first, then the tiles on screen in grid order, cameras on only. */
export function viewOf(
  state: Pick<ClassroomState, 'tiles'>,
  places: Map<number, { visible: boolean; width: number }>,
): { feeds: number[]; large: number[] } {
  // A camera that is off has nothing to forward: its place goes to the next tile.
  const others = state.tiles.filter((t) => !t.self && !t.videoMuted);
  const speaker = others
    .filter((t) => t.speaking)
    .sort((a, b) => b.level - a.level)
    .at(0);
  const shown = others.filter((t) => places.get(t.id)?.visible);
  const feeds = [...new Set([...(speaker ? [speaker.id] : []), ...shown.map((t) => t.id)])];
  const large = shown
    .filter((t) => (places.get(t.id)?.width ?? 0) >= LARGE_TILE_PX)
    .map((t) => t.id)
    .slice(0, MAX_LARGE_TILES);
  return { feeds: feeds.slice(0, MAX_VIEW_FEEDS), large };
}

export function createViewEngine(socket: AppSocket, store: Store<ClassroomState>): ViewEngine {
  const places = new Map<number, { visible: boolean; width: number }>();
  let sent: string | null = null;
  let timer: number | null = null;

  const forwarded = ({ feeds }: ServerPayload<'class:video'>) =>
    store.update((s) => (s.phase === 'joined' ? { ...s, forwarded: feeds } : s));
  socket.on('class:video', forwarded);

  async function send(): Promise<void> {
    timer = null;
    const s = store.get();
    // Until a tile is on screen the server's own order holds (teachers, then join order).
    if (s.phase !== 'joined' || s.mode !== 'sfu' || places.size === 0) return;
    const view = viewOf(s, places);
    // A new join (a reconnect, a group) is a new session on the server: it hears the view again.
    const key = JSON.stringify([s.room, s.joinedAt, view]);
    if (key === sent) return;
    sent = key;
    try {
      forwarded(await request(socket, 'class:view', view));
    } catch {
      sent = null;
    }
  }

  const schedule = () => {
    if (timer === null) timer = window.setTimeout(() => void send(), VIEW_DELAY_MS);
  };
  const unsubscribe = store.subscribe(schedule);

  return {
    showTile(id, place) {
      if (place) places.set(id, place);
      else places.delete(id);
      schedule();
    },
    dispose() {
      unsubscribe();
      socket.off('class:video', forwarded);
      if (timer !== null) window.clearTimeout(timer);
    },
  };
}
