/**
 * Every text the Player SDK throws or logs, in one place so tests can import them.
 * The texts marked "SPEC" are letter-for-letter requirements; do not reword them.
 */

/** SPEC: thrown for a missing, empty or non-string share id or container id (and other bad options). */
export const BAD_PARAMETERS = 'Bad parameters';

/** SPEC: thrown when no element has the given container id. */
export const CONTAINER_NOT_FOUND = 'Cannot find the container';

/** SPEC: thrown by `setQuality` for a value outside `Player.qualityValues` (and the legacy 0..4). */
export const BAD_QUALITY =
  'Bad parameter: The quality should be one of the given value in Player.qualityValues';

/** Thrown by `setVolume` for anything but a number from 0 to 1. */
export const BAD_VOLUME = 'Bad parameter: The volume should be a number between 0 and 1';

/** SPEC: shown in the container in debug mode, where there is no frame. */
export const DEBUG_CONTAINER_TEXT =
  'You are currently debugging locally your app. There is no stream here. Open console to see logs';

/** SPEC: logged when a debug-mode SDK message is sent on a socket that is not open. */
export const WS_NOT_OPEN = 'Cannot send message, ws connection not open';

/** Logged (with the address) when the debug socket opens. */
export const WS_CONNECTED = 'WS connected to:';

/** Logged (with the event) when the debug socket reports an error. */
export const WS_ERROR = 'WS Error';

/** Logged (with the event) when the debug socket closes. */
export const WS_CLOSE = 'WS Close';

/** SPEC: warned by `restartStream` while a restart is already under way. */
export const STREAM_ALREADY_RESTARTING = 'Stream is already restarting';

/** SPEC: warned by `resumeSession` when the frame has not reported a resumable session. */
export const NO_ACTIVE_SESSION = 'No active session';

/** SPEC: logged when the frame answers `getServerAvailability`/`getServerMetadata` with no success callback. */
export const NO_SUCCESS_CALLBACK = 'No success callback binded !';

/** Logged (with the error) when the frame answers `getServerAvailability` with an error. */
export const SERVER_AVAILABILITY_ERROR = 'Error getting server availability';

/** Logged (with the error) when the frame answers `getServerMetadata` with an error. */
export const SERVER_METADATA_ERROR = 'Error getting server metadata';

/** Logged when an `onStats` value is not valid JSON text. */
export const INVALID_STATS = 'Ignoring onStats: the value is not JSON text';

/** The `title` of the embed frame, read by screen readers. */
export const FRAME_TITLE = 'Atrium player';

/** SPEC: logged by a command that has no meaning in debug mode, e.g. `No start in debug mode`. */
export const unavailableInDebugMode = (command: string): string => `No ${command} in debug mode`;

/** Warned once per player when a legacy quality constant (0..4) is passed to `setQuality`. */
export const legacyQualityDeprecated = (legacy: number, name: string, value: number): string =>
  `Player.setQuality(${legacy}): the quality constants 0..4 are deprecated; use Player.qualityValues.${name} (${value})`;

/** Warned once per player and method when an old-style `onX(callback)` method is used. */
export const legacyListenerDeprecated = (method: string, event: string): string =>
  `Player.${method}(callback) is deprecated; use player.on('${event}', callback)`;
