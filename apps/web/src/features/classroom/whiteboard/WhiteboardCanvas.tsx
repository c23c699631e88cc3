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
import type { BoardElement, RoomUser } from '@atrium/protocol';
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
import { useEffect, useRef, useState } from 'react';
import type { BoardTransport } from '../room/roomChannel.ts';
import { createBoardSync, type BoardCollaborator, type BoardSync } from './boardSync.ts';

export interface WhiteboardCanvasProps {
  board: BoardTransport;
  /** The owner, or anyone while the board is not read-only. */
  canDraw: boolean;
  /** Who is in the room: the pointers of people who left are taken away. */
  users: readonly RoomUser[];
  onError: (message: string) => void;
}

/** The hook e2e tests read the board through; read-only, so it grants nothing. */
export interface WhiteboardTestHook {
  getElements(): BoardElement[];
  viewModeEnabled(): boolean;
}

declare global {
  interface Window {
    __atriumWhiteboard?: WhiteboardTestHook;
  }
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

/** The shared board: Excalidraw, synced through the room socket by `createBoardSync`. */
export function WhiteboardCanvas({ board, canDraw, users, onError }: WhiteboardCanvasProps) {
  const [api, setApi] = useState<ExcalidrawImperativeAPI | null>(null);
  const syncRef = useRef<BoardSync | null>(null);
  const canDrawRef = useRef(canDraw);
  canDrawRef.current = canDraw;
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;

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
      getElements: () => api.getSceneElements().map((e) => ({ ...e }) as unknown as BoardElement),
      viewModeEnabled: () => api.getAppState().viewModeEnabled,
    };
    sync
      .resync()
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
  useEffect(() => {
    if (wasDrawing.current && !canDraw) void syncRef.current?.resync({ replace: true });
    wasDrawing.current = canDraw;
  }, [canDraw]);

  useEffect(() => {
    syncRef.current?.keepCollaborators(new Set(users.map((u) => u.id)));
  }, [users]);

  return (
    <Excalidraw
      excalidrawAPI={setApi}
      viewModeEnabled={!canDraw}
      isCollaborating
      aiEnabled={false}
      validateEmbeddable={noEmbeds}
      UIOptions={UI_OPTIONS}
      onChange={(elements) => syncRef.current?.handleChange(elements)}
      onPointerUpdate={({ pointer, button }) =>
        syncRef.current?.handlePointer({ x: pointer.x, y: pointer.y, tool: pointer.tool, button })
      }
    />
  );
}
