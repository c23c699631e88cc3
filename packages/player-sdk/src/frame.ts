import {
  isFrameMessage,
  type FrameCommand,
  type FrameCommandValues,
  type FrameMessage,
} from './messages.ts';
import { FRAME_TITLE } from './texts.ts';
import type { EmbedTarget } from './embed-url.ts';

/**
 * The embed frame and the message channel to it. Messages are posted to the portal origin only,
 * and a message is accepted only when it comes from this frame's window and the portal origin.
 */
export class FrameChannel {
  /** The frame, appended to the container. */
  readonly iframe: HTMLIFrameElement;
  private readonly origin: string;
  private readonly onMessage: (message: FrameMessage) => void;

  constructor(
    container: HTMLElement,
    target: EmbedTarget,
    onMessage: (message: FrameMessage) => void,
  ) {
    this.origin = target.origin;
    this.onMessage = onMessage;
    const iframe = document.createElement('iframe');
    iframe.setAttribute('src', target.url);
    iframe.setAttribute('title', FRAME_TITLE);
    iframe.setAttribute('allow', 'autoplay; fullscreen');
    iframe.setAttribute('allowfullscreen', '');
    iframe.style.width = '100%';
    iframe.style.height = '100%';
    iframe.style.border = '0';
    this.iframe = iframe;
    window.addEventListener('message', this.handleMessage);
    container.appendChild(iframe);
  }

  /** Posts `{ type, value }` to the frame; false when its window is not reachable (yet). */
  post<K extends FrameCommand>(type: K, value?: FrameCommandValues[K]): boolean {
    const target = this.iframe.contentWindow;
    if (!target) return false;
    const message: FrameMessage<FrameCommand> = value === undefined ? { type } : { type, value };
    target.postMessage(message, this.origin);
    return true;
  }

  /** Stops listening and removes the frame. */
  destroy(): void {
    window.removeEventListener('message', this.handleMessage);
    this.iframe.remove();
  }

  private readonly handleMessage = (event: MessageEvent): void => {
    const source = this.iframe.contentWindow;
    if (source === null || event.source !== source || event.origin !== this.origin) return;
    const data: unknown = event.data;
    if (isFrameMessage(data)) this.onMessage(data);
  };
}
