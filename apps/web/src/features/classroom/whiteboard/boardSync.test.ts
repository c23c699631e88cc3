import {
  ROOM_SCENE_MESSAGE_BYTES,
  RoomText,
  type BoardElement,
  type CursorBroadcast,
  type CursorMessage,
  type SceneBroadcast,
} from '@atrium/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BoardTransport } from '../room/roomChannel.ts';
import {
  batchElements,
  createBoardSync,
  pendingElements,
  SCENE_THROTTLE_MS,
  type BoardCollaborator,
} from './boardSync.ts';

let nonce = 1;
const el = (id: string, version = 1, extra: Record<string, unknown> = {}): BoardElement => ({
  id,
  type: 'rectangle',
  version,
  versionNonce: nonce++,
  ...extra,
});

describe('pendingElements', () => {
  it('keeps new elements and those whose version grew', () => {
    const known = new Map([
      ['a', 2],
      ['b', 5],
    ]);
    const pending = pendingElements([el('a', 3), el('b', 5), el('c', 1)], known);
    expect(pending.map((e) => e.id)).toEqual(['a', 'c']);
  });
});

describe('batchElements', () => {
  it('keeps every message under the relay limit and the order of elements', () => {
    const elements = Array.from({ length: 300 }, (_, i) =>
      el(`e${i}`, 1, { text: 'x'.repeat(500) }),
    );
    const { batches, oversized } = batchElements(elements);
    expect(oversized).toEqual([]);
    expect(batches.length).toBeGreaterThan(1);
    for (const batch of batches) {
      expect(
        new TextEncoder().encode(JSON.stringify({ elements: batch })).length,
      ).toBeLessThanOrEqual(ROOM_SCENE_MESSAGE_BYTES);
    }
    expect(batches.flat().map((e) => e.id)).toEqual(elements.map((e) => e.id));
  });

  it('fills a message up to the byte limit exactly', () => {
    const one = el('a');
    const weight = JSON.stringify(one).length;
    const max = JSON.stringify({ elements: [one, one] }).length;
    expect(batchElements([one, one, one], max).batches.map((b) => b.length)).toEqual([2, 1]);
    expect(max).toBe(15 + 2 * weight + 1);
  });

  it('caps the element count and sets aside an element too heavy to send', () => {
    const heavy = el('big', 1, { points: 'x'.repeat(ROOM_SCENE_MESSAGE_BYTES) });
    const { batches, oversized } = batchElements([el('a'), heavy, el('b'), el('c')], 10_000, 2);
    expect(oversized).toEqual([heavy]);
    expect(batches.map((b) => b.map((e) => e.id))).toEqual([['a', 'b'], ['c']]);
  });
});

/** A room of editors: what one sends, the others receive (the relay's broadcast, in memory). */
function room() {
  const peers: {
    scene: ((m: SceneBroadcast) => void)[];
    cursor: ((m: CursorBroadcast) => void)[];
  }[] = [];
  const stored = new Map<string, BoardElement>();
  let readonlyFor: string | null = null;
  function join(who: string) {
    const me = {
      scene: [] as ((m: SceneBroadcast) => void)[],
      cursor: [] as ((m: CursorBroadcast) => void)[],
    };
    const welcome: ((scene: BoardElement[] | null) => void)[] = [];
    peers.push(me);
    const sent: BoardElement[][] = [];
    const cursors: CursorMessage[] = [];
    const transport: BoardTransport = {
      sendScene(elements) {
        if (readonlyFor === who) return Promise.reject(new Error(RoomText.readonly));
        sent.push([...elements]);
        for (const e of elements) stored.set(e.id, e);
        for (const peer of peers) {
          if (peer !== me) for (const l of peer.scene) l({ elements: [...elements], from: who });
        }
        return Promise.resolve();
      },
      sendCursor(cursor) {
        cursors.push(cursor);
        for (const peer of peers) {
          if (peer !== me) for (const l of peer.cursor) l({ ...cursor, from: who, username: who });
        }
      },
      sync: () => Promise.resolve([...stored.values()]),
      onScene(l) {
        me.scene.push(l);
        return () => me.scene.splice(me.scene.indexOf(l), 1);
      },
      onCursor(l) {
        me.cursor.push(l);
        return () => me.cursor.splice(me.cursor.indexOf(l), 1);
      },
      onWelcome(l) {
        welcome.push(l);
        return () => welcome.splice(welcome.indexOf(l), 1);
      },
    };
    return {
      transport,
      sent,
      cursors,
      reconnect: () => welcome.forEach((l) => l([...stored.values()])),
    };
  }
  return {
    join,
    stored,
    setReadonlyFor: (who: string | null) => {
      readonlyFor = who;
    },
  };
}

/** An editor holding a plain array, reconciled by version (Excalidraw's rule, without editing state). */
function editor() {
  let elements: BoardElement[] = [];
  let collaborators: ReadonlyMap<string, BoardCollaborator> = new Map();
  return {
    get elements() {
      return elements;
    },
    get collaborators() {
      return collaborators;
    },
    draw(...changed: BoardElement[]) {
      const byId = new Map(elements.map((e) => [e.id, e]));
      for (const e of changed) byId.set(e.id, e);
      elements = [...byId.values()];
    },
    adapter: {
      getElements: () => elements,
      setElements: (next: readonly BoardElement[]) => {
        elements = [...next];
      },
      setCollaborators: (next: ReadonlyMap<string, BoardCollaborator>) => {
        collaborators = next;
      },
    },
  };
}

const reconcile = (local: readonly BoardElement[], remote: readonly BoardElement[]) => {
  const byId = new Map(local.map((e) => [e.id, e]));
  for (const e of remote) {
    const mine = byId.get(e.id);
    if (!mine || e.version > mine.version) byId.set(e.id, e);
  }
  return [...byId.values()];
};

describe('createBoardSync', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function pair(canDrawB = () => true) {
    const r = room();
    const a = { ...r.join('teacher'), ed: editor() };
    const b = { ...r.join('student'), ed: editor() };
    const errors: string[] = [];
    const syncA = createBoardSync({
      transport: a.transport,
      editor: a.ed.adapter,
      reconcile,
      canDraw: () => true,
    });
    const syncB = createBoardSync({
      transport: b.transport,
      editor: b.ed.adapter,
      reconcile,
      canDraw: canDrawB,
      onError: (m) => errors.push(m),
    });
    return { r, a, b, syncA, syncB, errors };
  }

  it('sends only what grew, and the other side draws it without sending it back', async () => {
    const { a, b, syncA, syncB } = pair();
    a.ed.draw(el('r1', 1), el('r2', 1));
    syncA.handleChange(a.ed.elements);
    expect(a.sent).toHaveLength(1);
    expect(b.ed.elements.map((e) => e.id)).toEqual(['r1', 'r2']);
    // B's own onChange after the merge: nothing of B's grew, nothing goes out.
    syncB.handleChange(b.ed.elements);
    await vi.advanceTimersByTimeAsync(SCENE_THROTTLE_MS * 2);
    expect(b.sent).toHaveLength(0);

    await vi.advanceTimersByTimeAsync(SCENE_THROTTLE_MS);
    a.ed.draw(el('r2', 2));
    syncA.handleChange(a.ed.elements);
    expect(a.sent[1]!.map((e) => [e.id, e.version])).toEqual([['r2', 2]]);
    expect(b.ed.elements.find((e) => e.id === 'r2')?.version).toBe(2);
  });

  it('throttles a stroke to one send per interval, with the latest versions', async () => {
    const { a, syncA } = pair();
    a.ed.draw(el('line', 1));
    syncA.handleChange(a.ed.elements);
    for (let v = 2; v <= 6; v++) {
      a.ed.draw(el('line', v));
      syncA.handleChange(a.ed.elements);
    }
    expect(a.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(SCENE_THROTTLE_MS);
    expect(a.sent).toHaveLength(2);
    expect(a.sent[1]!.map((e) => e.version)).toEqual([6]);
  });

  it('sends nothing while this person may not draw, and a read-only resync drops the refused drawing', async () => {
    let canDraw = true;
    const { r, a, b, syncA, syncB } = pair(() => canDraw);
    a.ed.draw(el('t1'));
    syncA.handleChange(a.ed.elements);
    canDraw = false;
    b.ed.draw(el('s1'));
    syncB.handleChange(b.ed.elements);
    await vi.advanceTimersByTimeAsync(SCENE_THROTTLE_MS * 2);
    expect(b.sent).toHaveLength(0);
    expect(r.stored.has('s1')).toBe(false);
    await syncB.resync({ replace: true });
    expect(b.ed.elements.map((e) => e.id)).toEqual(['t1']);
  });

  it('reports a refusal once, but not the read-only one', async () => {
    const { r, b, syncB, errors } = pair();
    r.setReadonlyFor('student');
    b.ed.draw(el('s1'));
    syncB.handleChange(b.ed.elements);
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toEqual([]);
    b.ed.draw(el('huge', 1, { points: 'x'.repeat(ROOM_SCENE_MESSAGE_BYTES) }));
    r.setReadonlyFor(null);
    await vi.advanceTimersByTimeAsync(SCENE_THROTTLE_MS);
    syncB.handleChange(b.ed.elements);
    await vi.advanceTimersByTimeAsync(SCENE_THROTTLE_MS);
    expect(errors).toEqual([RoomText.sceneMessageTooLarge]);
  });

  it('gets the stored scene on open, and after a reconnection sends what was drawn meanwhile', async () => {
    const r = room();
    const a = { ...r.join('teacher'), ed: editor() };
    r.stored.set('old', el('old', 4));
    const sync = createBoardSync({
      transport: a.transport,
      editor: a.ed.adapter,
      reconcile,
      canDraw: () => true,
    });
    await sync.resync();
    expect(a.ed.elements.map((e) => e.id)).toEqual(['old']);
    expect(a.sent).toHaveLength(0);
    // Drawn while the socket was down (the send is lost), then the welcome of the reconnection.
    a.ed.draw(el('offline', 1));
    r.stored.delete('offline');
    a.reconnect();
    await vi.advanceTimersByTimeAsync(SCENE_THROTTLE_MS);
    expect(r.stored.has('offline')).toBe(true);
  });

  it('shows the pointers of others, throttled, and forgets those who left', async () => {
    const { a, b, syncA, syncB } = pair();
    syncA.handlePointer({ x: 1, y: 1, tool: 'pointer', button: 'up' });
    syncA.handlePointer({ x: 2, y: 2, tool: 'pointer', button: 'up' });
    syncA.handlePointer({ x: 3, y: 3, tool: 'pointer', button: 'down' });
    expect(a.cursors).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(a.cursors.map((c) => c.x)).toEqual([1, 3]);
    expect(b.ed.collaborators.get('teacher')).toMatchObject({
      pointer: { x: 3, y: 3, tool: 'pointer' },
      button: 'down',
      username: 'teacher',
    });
    syncB.keepCollaborators(new Set(['student']));
    expect(b.ed.collaborators.size).toBe(0);
  });

  it('stops listening once disposed', () => {
    const { a, b, syncA, syncB } = pair();
    syncB.dispose();
    a.ed.draw(el('late'));
    syncA.handleChange(a.ed.elements);
    expect(b.ed.elements).toEqual([]);
  });
});
