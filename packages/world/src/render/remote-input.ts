import type { StreamInput } from '@atrium/protocol';
import { dragCamera, zoomCamera } from '../camera.ts';
import { keyDown, keyUp, primaryClick, releaseAll } from '../input.ts';
import type { InputSink } from './dom-input.ts';

/** Where the world's canvas sits in its page, to turn a fraction of the video into a point. */
export interface CanvasBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Issue 31: applies one input message from a streamed world's viewer to the world's own input
 * state, exactly as the page's keyboard and mouse adapter (`dom-input.ts`) would: the render
 * page's world walks, turns, clicks and double-click-walks for the person watching the stream.
 */
export const applyStreamInput = (sink: InputSink, message: StreamInput, box: CanvasBox): void => {
  const at = (x: number, y: number) => ({
    x: box.left + x * box.width,
    y: box.top + y * box.height,
  });
  switch (message.t) {
    case 'keydown':
      sink.input = keyDown(sink.input, message.code, message.repeat ?? false);
      return;
    case 'keyup':
      sink.input = keyUp(sink.input, message.code);
      return;
    case 'blur':
      sink.input = releaseAll(sink.input);
      return;
    case 'drag':
      sink.camera = dragCamera(sink.camera, message.dx, message.dy);
      return;
    case 'wheel':
      sink.camera = zoomCamera(sink.camera, message.dy);
      return;
    case 'click':
      sink.lastClick = at(message.x, message.y);
      sink.input = primaryClick(sink.input);
      return;
    case 'dblclick': {
      const point = at(message.x, message.y);
      sink.walkTo(point.x, point.y);
      return;
    }
  }
};
