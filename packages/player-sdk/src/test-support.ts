/**
 * Test helpers (not part of the build): a stand-in for the embed frame's window, and a player
 * mounted in a fresh container. The frame's `contentWindow` is stubbed with one object per
 * connected frame whose `postMessage` is a spy; the frame's page itself is an empty document
 * served by a fetch interceptor, so nothing goes to the network.
 */
import { vi, type Mock } from 'vitest';
import type { FrameMessage } from './messages.ts';
import type { PlayerOptions } from './options.ts';
import { Player } from './player.ts';

/** The Atrium server the tests embed from. */
export const PORTAL = 'https://campus.example.org';

interface FrameWindowStub {
  postMessage: Mock<(message: unknown, targetOrigin: string) => void>;
}

interface HappyDomSettings {
  enableIframePageLoading: boolean;
  fetch: { interceptor: { beforeAsyncRequest: () => Promise<Response> } | null };
}

/** Gives every connected iframe a window stub; a removed iframe has none, as in a browser. */
export const stubFrameWindows = (): void => {
  const { settings } = (window as unknown as { happyDOM: { settings: HappyDomSettings } }).happyDOM;
  settings.enableIframePageLoading = true;
  settings.fetch.interceptor = {
    beforeAsyncRequest: () =>
      Promise.resolve(
        new Response('<!doctype html>', { headers: { 'content-type': 'text/html' } }),
      ),
  };
  const windows = new WeakMap<HTMLIFrameElement, FrameWindowStub>();
  vi.spyOn(HTMLIFrameElement.prototype, 'contentWindow', 'get').mockImplementation(function (
    this: HTMLIFrameElement,
  ) {
    if (!this.isConnected) return null;
    let stub = windows.get(this);
    if (!stub) {
      stub = { postMessage: vi.fn() };
      windows.set(this, stub);
    }
    return stub as unknown as Window;
  });
};

/** Appends an empty element with this id to the body. */
export const addContainer = (id = 'player'): HTMLElement => {
  const container = document.createElement('div');
  container.id = id;
  document.body.append(container);
  return container;
};

/** A player on `/embed/campus` of {@link PORTAL}, its frame, and a way to speak as the frame. */
export const mountPlayer = (options: PlayerOptions = {}) => {
  const container = addContainer();
  const player = new Player('campus', 'player', { overridedURL: PORTAL, ...options });
  const iframe = container.querySelector('iframe');
  const frameWindow = iframe?.contentWindow;
  if (!iframe || !frameWindow) throw new Error('no frame');
  const postMessage = (frameWindow as unknown as FrameWindowStub).postMessage;

  /** Dispatches a `message` on the host window, from the frame unless told otherwise. */
  const fromFrame = (
    data: unknown,
    { origin = PORTAL, source = frameWindow }: { origin?: string; source?: unknown } = {},
  ): void => {
    window.dispatchEvent(
      new MessageEvent('message', { data, origin, source: source as MessageEventSource | null }),
    );
  };
  const load = (): void => fromFrame({ type: 'load' });
  /** Every message posted to the frame so far; fails the test if one used another origin. */
  const sent = (): FrameMessage[] =>
    postMessage.mock.calls.map(([message, targetOrigin]) => {
      if (targetOrigin !== PORTAL) throw new Error(`posted to ${targetOrigin}`);
      return message as FrameMessage;
    });
  return { player, container, iframe, frameWindow, postMessage, fromFrame, load, sent };
};

/** Silences and records a console method for the test. */
export const spyConsole = (method: 'log' | 'warn' | 'error') =>
  vi.spyOn(console, method).mockImplementation(() => undefined);
