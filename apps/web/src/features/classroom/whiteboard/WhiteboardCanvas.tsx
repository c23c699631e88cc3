// Excalidraw and its stylesheet: this module is the lazy chunk, loaded only when a whiteboard
// opens (about 390 KB gz), never with the home page. `loadWhiteboardCanvas` sets
// `window.EXCALIDRAW_ASSET_PATH` before importing it, so its fonts come from us.
import {
  CaptureUpdateAction,
  Excalidraw,
  isInvisiblySmallElement,
  reconcileElements,
  restoreElements,
} from '@excalidraw/excalidraw';
import '@excalidraw/excalidraw/index.css';
import type { RoomUser } from '@atrium/protocol';
import type {
  ExcalidrawElement,
  OrderedExcalidrawElement,
} from '@excalidraw/excalidraw/element/types';
import type { RemoteExcalidrawElement } from '@excalidraw/excalidraw/data/reconcile';
import type {
  Collaborator,
  ExcalidrawImperativeAPI,
  ExcalidrawProps,
  SocketId,
} from '@excalidraw/excalidraw/types';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { BoardTransport } from '../room/roomChannel.ts';
import { ClassroomUiText as T } from '../texts.ts';
import './testHook.ts';
import { createBoardSync, type BoardCollaborator, type BoardSync } from './boardSync.ts';

export interface WhiteboardCanvasProps {
  board: BoardTransport;
  /** The owner, or anyone while the board is not read-only. */
  canDraw: boolean;
  /** Who is in the room: the pointers of people who left are taken away. */
  users: readonly RoomUser[];
  onError: (message: string) => void;
}

const toCollaborators = (people: ReadonlyMap<string, BoardCollaborator>) =>
  new Map<SocketId, Collaborator>(
    [...people.values()].map((p) => [
      p.id as SocketId,
      { id: p.id, username: p.username, pointer: p.pointer, button: p.button },
    ]),
  );

// Files (images) are not relayed, and embeds and AI would reach other hosts: all left out.
const UI_OPTIONS: ExcalidrawProps['UIOptions'] = {
  canvasActions: { loadScene: false, saveToActiveFile: false, export: false },
  tools: { image: false },
};
const noEmbeds = () => false;
/** Below this width (Excalidraw's own phone layout), the first view fits the drawing. */
const SMALL_FRAME_PX = 640;

/** Shows the whole drawing: a phone's 16:9 frame is small, and its top-left corner says little. */
function fitDrawing(api: ExcalidrawImperativeAPI): void {
  const elements = api.getSceneElements();
  if (elements.length > 0) {
    api.scrollToContent(elements, { fitToViewport: true, viewportZoomFactor: 0.8 });
  }
}

/** The shared board: Excalidraw, synced through the room socket by `createBoardSync`. */
export function WhiteboardCanvas({ board, canDraw, users, onError }: WhiteboardCanvasProps) {
  const [api, setApi] = useState<ExcalidrawImperativeAPI | null>(null);
  const syncRef = useRef<BoardSync | null>(null);
  // The sync engine reads the latest of these without being made again.
  const canDrawRef = useRef(canDraw);
  const onErrorRef = useRef(onError);
  useLayoutEffect(() => {
    canDrawRef.current = canDraw;
    onErrorRef.current = onError;
  });

  useEffect(() => {
    if (!api) return;
    const sync = createBoardSync<OrderedExcalidrawElement>({
      transport: board,
      editor: {
        getElements: () => api.getSceneElementsIncludingDeleted(),
        setElements: (elements) =>
          api.updateScene({ elements, captureUpdate: CaptureUpdateAction.NEVER }),
        setCollaborators: (people) => api.updateScene({ collaborators: toCollaborators(people) }),
      },
      reconcile: (local, remote) =>
        reconcileElements(
          local,
          restoreElements(
            remote as unknown as ExcalidrawElement[],
            null,
          ) as RemoteExcalidrawElement[],
          api.getAppState(),
        ),
      canDraw: () => canDrawRef.current,
      syncable: (element) => element.isDeleted || !isInvisiblySmallElement(element),
      onError: (message) => onErrorRef.current(message),
    });
    syncRef.current = sync;
    window.__atriumWhiteboard = {
      getElements: () => api.getSceneElements().map((e) => ({ ...e })),
      viewModeEnabled: () => api.getAppState().viewModeEnabled,
    };
    sync
      .resync()
      .then(() => {
        if (api.getAppState().width < SMALL_FRAME_PX) fitDrawing(api);
      })
      .catch((error: unknown) =>
        onErrorRef.current(error instanceof Error ? error.message : String(error)),
      );
    return () => {
      sync.dispose();
      syncRef.current = null;
      delete window.__atriumWhiteboard;
    };
  }, [api, board]);

  // Read-only switched on: what this person drew and the relay refused goes away.
  const wasDrawing = useRef(canDraw);
  const wasSmall = useRef<boolean | null>(null);
  useEffect(() => {
    if (wasDrawing.current && !canDraw) void syncRef.current?.resync({ replace: true });
    wasDrawing.current = canDraw;
  }, [canDraw]);

  useEffect(() => {
    syncRef.current?.keepCollaborators(new Set(users.map((u) => u.id)));
  }, [users]);

  // Excalidraw's menu button has an icon and no name; it is given one whenever it is drawn.
  const wrapRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const wrap = wrapRef.current;
    if (!wrap) return;
    const label = () => {
      for (const button of wrap.querySelectorAll('.main-menu-trigger:not([aria-label])')) {
        button.setAttribute('aria-label', T.whiteboardMenu);
      }
    };
    label();
    const observer = new MutationObserver(label);
    observer.observe(wrap, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={wrapRef} className="whiteboard__excalidraw">
      <Excalidraw
        excalidrawAPI={setApi}
        viewModeEnabled={!canDraw}
        isCollaborating
        aiEnabled={false}
        validateEmbeddable={noEmbeds}
        UIOptions={UI_OPTIONS}
        onChange={(elements, appState) => {
          syncRef.current?.handleChange(elements);
          // The window became phone-sized (a rotation, a narrower window): fit the drawing again.
          const small = appState.width < SMALL_FRAME_PX;
          if (small && wasSmall.current === false && api) fitDrawing(api);
          wasSmall.current = small;
        }}
        onPointerUpdate={({ pointer, button }) =>
          syncRef.current?.handlePointer({ x: pointer.x, y: pointer.y, tool: pointer.tool, button })
        }
      />
    </div>
  );
}
