import type { BoardElement } from '@atrium/protocol';

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
