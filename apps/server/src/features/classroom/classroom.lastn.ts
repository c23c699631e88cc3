// Last-N (issue 28 §6): which cameras Janus forwards to one viewer, and at which simulcast layer.
// Every camera stays an m-line of the viewer's one subscription (no renegotiation when the grid
// scrolls); Janus's subscriber `configure` turns each line's forwarding on or off (`send`) and
// picks its layer (`substream`). The page says what it shows; the server decides, so an edited
// page cannot ask for more than CLASS_LAST_N cameras or more than MAX_LARGE_TILES high layers.
import type { ClassView } from '@atrium/protocol';
import type { SubscribedStream } from '../../media/janus/index.ts';

/** Janus's simulcast layers: 0 is the smallest; asking for 2 gives the highest a publisher sends. */
export const SUBSTREAM = { low: 0, high: 2 } as const;

export interface LinePlan {
  send: boolean;
  substream: number;
}

/** One line's plan as Janus's subscriber `configure` takes it. */
export type LineConfig = LinePlan & { mid: string };

/** The mid of a plan's `mid/feed` key. */
const midOf = (key: string) => key.slice(0, key.lastIndexOf('/'));

/** What Janus forwards to one viewer, kept on the session. */
export interface VideoForwarding {
  /** The subscriber's m-lines as Janus last described them. */
  streams: SubscribedStream[];
  /** The page's wish; null until it says (then the teachers, then join order). */
  view: ClassView | null;
  /**
   * What Janus was last told, per `mid/feed`: Janus reuses a departed feed's m-line for the next
   * one, and a new stream starts forwarded at its default layer.
   */
  applied: Map<string, LinePlan>;
  /** The cameras last announced to the page (`class:video`), in order. */
  announced: number[] | null;
  /** Configure requests run one after another. */
  chain: Promise<void>;
  /** The layer Janus says it forwards on each line (its `substream` events), by mid. */
  layers: Map<string, number>;
  /** How many more times lines stuck on the high layer are asked down (see {@link stuckLines}). */
  retries: number;
  /** The pending check of {@link stuckLines}, if any. */
  recheck: NodeJS.Timeout | null;
}

export const newForwarding = (): VideoForwarding => ({
  streams: [],
  view: null,
  applied: new Map(),
  announced: null,
  chain: Promise.resolve(),
  layers: new Map(),
  retries: 0,
  recheck: null,
});

/**
 * How long Janus gets to move a line down before it is asked again, and how often. Janus moves
 * down only on a key frame of a lower layer, and asks the publisher for one when told the new
 * layer; but it sends each publisher at most one key frame request a second, whichever viewer
 * asks, so a viewer told a layer just after another one's request got no key frame and kept the
 * high layer for good (a 640-wide camera in a 188-px tile for the rest of a loaded e2e run,
 * 2026-11-29). Asked again at most this many times per change, so a publisher that does not send
 * the lower layer is not asked for key frames forever.
 */
export const LAYER_RETRY = { afterMs: 1500, times: 3 } as const;

/**
 * The lines Janus still forwards at the high layer though their plan wants a lower one: each
 * comes back as the configure that asks again.
 */
export function stuckLines(plan: Map<string, LinePlan>, layers: Map<string, number>): LineConfig[] {
  const stuck: LineConfig[] = [];
  for (const [key, line] of plan) {
    const mid = midOf(key);
    if (!line.send || line.substream >= SUBSTREAM.high) continue;
    if (layers.get(mid) === SUBSTREAM.high) stuck.push({ mid, ...line });
  }
  return stuck;
}

/**
 * The camera lines of a subscription: video, still active, carrying its publisher's camera
 * (`cameras`: feed → the mid of its camera, from the participant rows). A screen share's line is
 * never one: it is forwarded whoever shares, whenever they start.
 */
export function cameraLines(
  streams: SubscribedStream[],
  cameras: Map<number, string>,
): { mid: string; feed: number }[] {
  const lines: { mid: string; feed: number }[] = [];
  for (const st of streams) {
    if (st.type !== 'video' || st.feed === undefined || st.active === false) continue;
    if (st.feedMid === undefined || cameras.get(st.feed) !== st.feedMid) continue;
    lines.push({ mid: st.mid, feed: st.feed });
  }
  return lines;
}

/**
 * The cameras to forward, most wanted first: the teachers', then the page's large tiles, then its
 * list; without a list, everyone in join order. At most `lastN` in all. A host's camera and the
 * large tiles get the high layer, the rest the low one.
 */
export function chooseVideo(params: {
  lines: { mid: string; feed: number }[];
  hosts: Set<number>;
  view: ClassView | null;
  lastN: number;
}): { forwarded: number[]; plan: Map<string, LinePlan> } {
  const { lines, hosts, view, lastN } = params;
  const present = new Set(lines.map((l) => l.feed));
  const order = [
    ...lines.map((l) => l.feed).filter((feed) => hosts.has(feed)),
    ...(view ? [...view.large, ...view.feeds] : lines.map((l) => l.feed)),
  ];
  const forwarded: number[] = [];
  for (const feed of order) {
    if (forwarded.length >= lastN) break;
    if (present.has(feed) && !forwarded.includes(feed)) forwarded.push(feed);
  }
  const chosen = new Set(forwarded);
  const large = new Set(view ? view.large : [...hosts]);
  const plan = new Map<string, LinePlan>();
  for (const { mid, feed } of lines) {
    plan.set(`${mid}/${feed}`, {
      send: chosen.has(feed),
      substream: large.has(feed) ? SUBSTREAM.high : SUBSTREAM.low,
    });
  }
  return { forwarded, plan };
}

/** The lines whose plan differs from what Janus was last told. */
export function changedLines(
  plan: Map<string, LinePlan>,
  applied: Map<string, LinePlan>,
): LineConfig[] {
  const changed: LineConfig[] = [];
  for (const [key, line] of plan) {
    const before = applied.get(key);
    if (before?.send === line.send && before.substream === line.substream) continue;
    changed.push({ mid: midOf(key), ...line });
  }
  return changed;
}
