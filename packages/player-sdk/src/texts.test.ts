import { expect, test } from 'vitest';
import * as texts from './texts.ts';

// The spec's texts, letter for letter: a rewording must fail here.
test('the texts the spec fixes are exact', () => {
  expect(texts.BAD_PARAMETERS).toBe('Bad parameters');
  expect(texts.CONTAINER_NOT_FOUND).toBe('Cannot find the container');
  expect(texts.BAD_QUALITY).toBe(
    'Bad parameter: The quality should be one of the given value in Player.qualityValues',
  );
  expect(texts.DEBUG_CONTAINER_TEXT).toBe(
    'You are currently debugging locally your app. There is no stream here. Open console to see logs',
  );
  expect(texts.WS_NOT_OPEN).toBe('Cannot send message, ws connection not open');
  expect(texts.NO_ACTIVE_SESSION).toBe('No active session');
  expect(texts.NO_SUCCESS_CALLBACK).toBe('No success callback binded !');
  expect(texts.STREAM_ALREADY_RESTARTING).toBe('Stream is already restarting');
  expect(texts.unavailableInDebugMode('start')).toBe('No start in debug mode');
});

test('deprecation warnings name the replacement', () => {
  expect(texts.legacyListenerDeprecated('onLoad', 'load')).toBe(
    "Player.onLoad(callback) is deprecated; use player.on('load', callback)",
  );
});
