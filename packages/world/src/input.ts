import { EMOTE_KEYS, type Emote } from '@atrium/protocol';
import type { Vec2 } from './collision.ts';

/** A one-shot intent from the keyboard or mouse, handled once by the engine step that consumes it. */
export type InputAction =
  { type: 'jump' } | { type: 'interact' } | { type: 'inventory' } | { type: 'emote'; emote: Emote };

/** Keys held down: continuous intent, read by movement on every step. */
export interface HeldKeys {
  readonly forward: boolean;
  readonly back: boolean;
  readonly left: boolean;
  readonly right: boolean;
  readonly run: boolean;
}

/** Arrow keys held down: the camera turns while they are, so the world works without a mouse. */
export interface LookKeys {
  readonly left: boolean;
  readonly right: boolean;
  readonly up: boolean;
  readonly down: boolean;
}

/** Held keys plus the one-shot actions queued since the last step. */
export interface InputState extends HeldKeys {
  readonly look: LookKeys;
  readonly actions: readonly InputAction[];
}

/** KeyboardEvent.code of each held movement key; codes are layout-independent, so WASD works on AZERTY. */
export const MOVE_KEYS = {
  KeyW: 'forward',
  KeyS: 'back',
  KeyA: 'left',
  KeyD: 'right',
  ShiftLeft: 'run',
  ShiftRight: 'run',
} as const;

/** KeyboardEvent.code of each key that turns the camera. */
export const LOOK_KEYS = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
} as const;

const NO_LOOK: LookKeys = { left: false, right: false, up: false, down: false };

/** KeyboardEvent.code of each one-shot action key (SPEC controls). */
export const ACTION_KEYS = {
  Space: { type: 'jump' },
  KeyE: { type: 'interact' },
  KeyI: { type: 'inventory' },
} as const satisfies Record<string, InputAction>;

/** An input state with nothing held and nothing queued. */
export const createInputState = (): InputState => ({
  forward: false,
  back: false,
  left: false,
  right: false,
  run: false,
  look: NO_LOOK,
  actions: [],
});

const held = (code: string) =>
  code in MOVE_KEYS ? MOVE_KEYS[code as keyof typeof MOVE_KEYS] : null;

const lookKey = (code: string) =>
  code in LOOK_KEYS ? LOOK_KEYS[code as keyof typeof LOOK_KEYS] : null;

const withLook = (state: InputState, key: keyof LookKeys, down: boolean): InputState =>
  state.look[key] === down ? state : { ...state, look: { ...state.look, [key]: down } };

/** The action a key code triggers, if any: Digit1..Digit0 are the ten emotes. */
export const actionForCode = (code: string): InputAction | null => {
  if (code in ACTION_KEYS) return ACTION_KEYS[code as keyof typeof ACTION_KEYS];
  const digit = /^(?:Digit|Numpad)(\d)$/.exec(code)?.[1];
  const emote = digit === undefined ? undefined : EMOTE_KEYS[digit];
  return emote ? { type: 'emote', emote } : null;
};

/** Applies a key press; `repeat` (KeyboardEvent.repeat) must not re-fire one-shot actions. */
export const keyDown = (state: InputState, code: string, repeat = false): InputState => {
  const key = held(code);
  if (key) return state[key] ? state : { ...state, [key]: true };
  const look = lookKey(code);
  if (look) return withLook(state, look, true);
  const action = repeat ? null : actionForCode(code);
  return action ? { ...state, actions: [...state.actions, action] } : state;
};

/** Applies a key release. */
export const keyUp = (state: InputState, code: string): InputState => {
  const key = held(code);
  const look = lookKey(code);
  if (look) return withLook(state, look, false);
  return key && state[key] ? { ...state, [key]: false } : state;
};

/** Left click interacts, like E. */
export const primaryClick = (state: InputState): InputState => ({
  ...state,
  actions: [...state.actions, { type: 'interact' }],
});

/** Releases every held key: the window lost focus, so no keyup will arrive. */
export const releaseAll = (state: InputState): InputState => ({
  ...createInputState(),
  actions: state.actions,
});

/** Takes the queued actions out of the state, so each is handled exactly once. */
export const consumeActions = (
  state: InputState,
): { state: InputState; actions: readonly InputAction[] } => ({
  state: state.actions.length ? { ...state, actions: [] } : state,
  actions: state.actions,
});

/** Whether any movement key is held (which cancels click-to-walk and emotes). */
export const isMoving = (state: HeldKeys): boolean =>
  state.forward !== state.back || state.left !== state.right;

/**
 * Movement intent on the ground plane as a unit vector (or zero), relative to the camera:
 * yaw 0 looks toward -z, the three.js default, so forward is (-sin yaw, -cos yaw).
 */
export const moveIntent = (state: HeldKeys, cameraYaw: number): Vec2 => {
  const f = Number(state.forward) - Number(state.back);
  const r = Number(state.right) - Number(state.left);
  if (f === 0 && r === 0) return { x: 0, z: 0 };
  const sin = Math.sin(cameraYaw);
  const cos = Math.cos(cameraYaw);
  const x = -sin * f + cos * r;
  const z = -cos * f - sin * r;
  const len = Math.hypot(x, z);
  return { x: x / len, z: z / len };
};
