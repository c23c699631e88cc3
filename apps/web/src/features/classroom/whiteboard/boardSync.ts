// The whiteboard's sync engine, modelled on Excalidraw's own collaboration (excalidraw-app's
// Collab and Portal): on each change, send only the elements whose version grew since they were
// last sent or received, in batches the relay accepts; on receipt, reconcile with the local
// scene (Excalidraw's `reconcileElements`, given in by the caller) and redraw; pointers are
// throttled and volatile; after an open, a reload or a reconnection, ask the relay for the stored
// scene and send what it lacks. No React and no Excalidraw import, so it is tested on its own.
import {
  ROOM_SCENE_BATCH_MAX,
  ROOM_SCENE_MESSAGE_BYTES,
  RoomText,
  type BoardElement,
  type CursorBroadcast,
  type CursorMessage,
} from '@atrium/protocol';
import type { BoardTransport } from '../room/roomChannel.ts';

/** The least time between two scene sends: about 10 a second, well within the relay's budget. */
export const SCENE_THROTTLE_MS = 100;
/** The least time between two pointer sends (the relay drops a flood anyway). */
export const CURSOR_THROTTLE_MS = 50;

/** The elements whose version grew past what `known` holds (sent or received before). */
export function pendingElements<E extends BoardElement>(
  elements: readonly E[],
  known: ReadonlyMap<string, number>,
): E[] {
  return elements.filter((e) => e.version > (known.get(e.id) ?? -1));
}

const encoder = new TextEncoder();
const bytesOf = (value: unknown) => encoder.encode(JSON.stringify(value)).length;
/** `{"elements":[]}`: what a batch weighs with no element in it. */
const BATCH_OVERHEAD = bytesOf({ elements: [] });

export interface Batches<E> {
  batches: E[][];
  /** Elements too heavy for any message on their own: they cannot be sent. */
  oversized: E[];
}

/**
 * Splits elements into `board:scene` messages of at most `maxBytes` as JSON (`{elements:[…]}`)
 * and `maxCount` elements, keeping their order.
 */
export function batchElements<E>(
  elements: readonly E[],
  maxBytes = ROOM_SCENE_MESSAGE_BYTES,
  maxCount = ROOM_SCENE_BATCH_MAX,
): Batches<E> {
  const batches: E[][] = [];
  const oversized: E[] = [];
  let current: E[] = [];
  let size = BATCH_OVERHEAD;
  for (const element of elements) {
    const weight = bytesOf(element);
    if (BATCH_OVERHEAD + weight > maxBytes) {
      oversized.push(element);
      continue;
    }
    // One comma between elements.
    const added = weight + (current.length > 0 ? 1 : 0);
    if (current.length > 0 && (size + added > maxBytes || current.length >= maxCount)) {
      batches.push(current);
      current = [];
      size = BATCH_OVERHEAD + weight;
    } else {
      size += added;
    }
    current.push(element);
  }
  if (current.length > 0) batches.push(current);
  return { batches, oversized };
}

/** Another person's pointer, as Excalidraw's `collaborators` take it. */
export interface BoardCollaborator {
  id: string;
  username: string;
  pointer: { x: number; y: number; tool: 'pointer' | 'laser' };
  button: 'down' | 'up';
}

/** What the engine needs of the editor (Excalidraw's API, adapted by the canvas). */
export interface BoardEditor<E extends BoardElement> {
  /** Every element of the scene, deleted ones included (they carry deletions to others). */
  getElements(): readonly E[];
  /** Replaces the scene; not an undo step. */
  setElements(elements: readonly E[]): void;
  setCollaborators(collaborators: ReadonlyMap<string, BoardCollaborator>): void;
}

export interface BoardSyncOptions<E extends BoardElement> {
  transport: BoardTransport;
  editor: BoardEditor<E>;
  /** Merges remote elements into the local scene (Excalidraw's `reconcileElements`). */
  reconcile(local: readonly E[], remote: readonly BoardElement[]): E[];
  /** Whether this person may draw now (the owner, or anyone while the board is not read-only). */
  canDraw(): boolean;
  /** Elements worth sending (Excalidraw skips invisibly small ones); all by default. */
  syncable?: (element: E) => boolean;
  /** A refusal worth telling the person (the board is full, a drawing is too large). */
  onError?(message: string): void;
}

export interface BoardSync {
  /** Excalidraw's `onChange`: sends what grew, throttled. */
  handleChange(elements: readonly BoardElement[]): void;
  /** Excalidraw's `onPointerUpdate`: sends the pointer, throttled. */
  handlePointer(cursor: CursorMessage): void;
  /** Asks for the stored scene and merges it (`replace`: drops local changes the relay lacks). */
  resync(options?: { replace?: boolean }): Promise<void>;
  /** Who is still in the room: pointers of people who left go. */
  keepCollaborators(ids: ReadonlySet<string>): void;
  dispose(): void;
}

/** Starts syncing `editor` over `transport`; call `resync()` once the editor is ready. */
export function createBoardSync<E extends BoardElement>(options: BoardSyncOptions<E>): BoardSync {
  const { transport, editor } = options;
  const syncable = options.syncable ?? (() => true);
  /** The newest version of each element that the relay has (sent by us or received). */
  const known = new Map<string, number>();
  const collaborators = new Map<string, BoardCollaborator>();
  let disposed = false;
  let sceneTimer: ReturnType<typeof setTimeout> | null = null;
  let lastSceneAt = -Infinity;
  let cursorTimer: ReturnType<typeof setTimeout> | null = null;
  let lastCursorAt = -Infinity;
  let nextCursor: CursorMessage | null = null;
  let reported: string | null = null;

  const report = (message: string) => {
    // Once per kind of refusal, not once per stroke.
    if (message === reported) return;
    reported = message;
    options.onError?.(message);
  };

  const remember = (elements: readonly BoardElement[]) => {
    for (const e of elements) known.set(e.id, Math.max(known.get(e.id) ?? -1, e.version));
  };

  function flushScene(): void {
    sceneTimer = null;
    if (disposed || !options.canDraw()) return;
    lastSceneAt = Date.now();
    const pending = pendingElements(editor.getElements(), known).filter(syncable);
    if (pending.length === 0) return;
    const { batches, oversized } = batchElements(pending);
    remember(pending);
    if (oversized.length > 0) report(RoomText.sceneMessageTooLarge);
    for (const batch of batches) {
      transport.sendScene(batch).catch((error: unknown) => {
        // Read-only switched on mid-stroke: the view mode already says so.
        const message = error instanceof Error ? error.message : String(error);
        if (message !== RoomText.readonly) report(message);
      });
    }
  }

  function scheduleScene(): void {
    if (sceneTimer) return;
    const wait = lastSceneAt + SCENE_THROTTLE_MS - Date.now();
    if (wait <= 0) flushScene();
    else sceneTimer = setTimeout(flushScene, wait);
  }

  function flushCursor(): void {
    cursorTimer = null;
    if (disposed || !nextCursor) return;
    lastCursorAt = Date.now();
    transport.sendCursor(nextCursor);
    nextCursor = null;
  }

  function merge(remote: readonly BoardElement[]): void {
    if (remote.length === 0) return;
    remember(remote);
    editor.setElements(options.reconcile(editor.getElements(), remote));
  }

  const offScene = transport.onScene(({ elements }) => {
    if (!disposed) merge(elements);
  });
  const offCursor = transport.onCursor((cursor: CursorBroadcast) => {
    if (disposed) return;
    collaborators.set(cursor.from, {
      id: cursor.from,
      username: cursor.username,
      pointer: { x: cursor.x, y: cursor.y, tool: cursor.tool ?? 'pointer' },
      button: cursor.button ?? 'up',
    });
    editor.setCollaborators(new Map(collaborators));
  });
  // A reconnection: the relay's scene, then whatever was drawn while away.
  const offWelcome = transport.onWelcome((scene) => {
    if (disposed || !scene) return;
    merge(scene);
    scheduleScene();
  });

  async function resync({ replace = false } = {}): Promise<void> {
    const scene = await transport.sync();
    if (disposed) return;
    if (replace) {
      known.clear();
      remember(scene);
      editor.setElements(options.reconcile([], scene));
      return;
    }
    merge(scene);
    scheduleScene();
  }

  return {
    handleChange(elements) {
      if (disposed || !options.canDraw()) return;
      if (pendingElements(elements, known).length > 0) scheduleScene();
    },
    handlePointer(cursor) {
      if (disposed) return;
      nextCursor = cursor;
      if (cursorTimer) return;
      const wait = lastCursorAt + CURSOR_THROTTLE_MS - Date.now();
      if (wait <= 0) flushCursor();
      else cursorTimer = setTimeout(flushCursor, wait);
    },
    resync,
    keepCollaborators(ids) {
      let changed = false;
      for (const id of collaborators.keys()) {
        if (!ids.has(id)) changed = collaborators.delete(id) || changed;
      }
      if (changed && !disposed) editor.setCollaborators(new Map(collaborators));
    },
    dispose() {
      disposed = true;
      offScene();
      offCursor();
      offWelcome();
      if (sceneTimer) clearTimeout(sceneTimer);
      if (cursorTimer) clearTimeout(cursorTimer);
    },
  };
}
