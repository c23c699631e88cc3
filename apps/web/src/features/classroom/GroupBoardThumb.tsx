// Issue 28 §4: "sees all groups at once … each group's whiteboard as a thumbnail". The teacher's
// overview watches each group's room socket (`/room/room-{n}-g{m}`, which lets teachers in) and
// redraws the group's board as a small picture when it changes, at most once a second.
import type { BoardElement, BoardRoom } from '@atrium/protocol';
import { useEffect, useRef, useState } from 'react';
import { sessionStore } from '../../shared/session/appSession.ts';
import type { RoomChannel } from './room/roomChannel.ts';
import { useRoomChannelContext } from './room/useRoomChannel.ts';
import { ClassroomUiText as T } from './texts.ts';
import { loadBoardThumbnail } from './whiteboard/loadWhiteboardCanvas.ts';

/** The least time between two redraws of one thumbnail, in ms. */
const REDRAW_MS = 1000;

type Shown = 'none' | 'blank' | 'drawn';

/** Newer wins, as on the relay (Excalidraw's version, then the lower nonce). */
function merge(into: Map<string, BoardElement>, elements: readonly BoardElement[]): void {
  for (const e of elements) {
    const known = into.get(e.id);
    if (
      !known ||
      e.version > known.version ||
      (e.version === known.version && e.versionNonce < known.versionNonce)
    ) {
      into.set(e.id, e);
    }
  }
}

export function GroupBoardThumb({ channel, group }: { channel: BoardRoom; group: number }) {
  const box = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState<Shown>('none');
  // Only beside a live class (its own room socket open): a preview has no server to watch.
  const live = useRoomChannelContext().board !== null;

  useEffect(() => {
    if (!live) return;
    let cancelled = false;
    let room: RoomChannel | null = null;
    let timer: number | undefined;
    let drawing = false;
    let again = false;
    const elements = new Map<string, BoardElement>();
    let url: string | null = null;

    const draw = async () => {
      if (drawing) {
        again = true;
        return;
      }
      drawing = true;
      try {
        if (url === null) {
          box.current?.replaceChildren();
          setShown('none');
          return;
        }
        const live = [...elements.values()].filter((e) => e.isDeleted !== true);
        if (live.length === 0) {
          box.current?.replaceChildren();
          setShown('blank');
          return;
        }
        const { boardThumbnail } = await loadBoardThumbnail();
        const svg = await boardThumbnail(live);
        if (cancelled) return;
        // The node itself, never its markup: what students typed stays text.
        if (svg) box.current?.replaceChildren(svg);
        setShown(svg ? 'drawn' : 'blank');
      } catch {
        // A thumbnail that cannot be drawn leaves the last one; the group's board is unharmed.
      } finally {
        drawing = false;
        if (again && !cancelled) {
          again = false;
          schedule();
        }
      }
    };
    function schedule() {
      if (timer !== undefined) return;
      timer = window.setTimeout(() => {
        timer = undefined;
        void draw();
      }, REDRAW_MS);
    }

    void import('./room/roomChannel.ts').then(({ openRoomChannel }) => {
      if (cancelled) return;
      const opened = openRoomChannel(channel, () => sessionStore.getSnapshot().token ?? '');
      room = opened;
      const follow = () => {
        const board = opened.store.get().state.whiteboard;
        const next = board?.url ?? null;
        if (next === url) return;
        url = next;
        elements.clear();
        if (next === null) {
          void draw();
          return;
        }
        // A new board (or the first look): its stored scene, then what is drawn after.
        opened.board.sync().then(
          (scene) => {
            if (cancelled || url !== next) return;
            merge(elements, scene);
            void draw();
          },
          () => undefined,
        );
      };
      opened.store.subscribe(follow);
      opened.board.onScene(({ elements: drawn }) => {
        merge(elements, drawn);
        schedule();
      });
      follow();
    });
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      room?.close();
    };
  }, [channel, live]);

  return (
    <figure className="classroom-groups__board" data-board={shown}>
      <div
        ref={box}
        className="classroom-groups__board-picture"
        role="img"
        aria-label={T.groupBoardOf(group)}
        hidden={shown !== 'drawn'}
      />
      {shown !== 'drawn' && (
        <figcaption className="classroom-groups__board-note">
          {shown === 'none' ? T.groupBoardNone : T.groupBoardBlank}
        </figcaption>
      )}
    </figure>
  );
}
