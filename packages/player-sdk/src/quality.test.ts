import { afterEach, describe, expect, test, vi } from 'vitest';
import { QualityValues } from './messages.ts';
import { DEFAULT_QUALITY, resolveQuality } from './quality.ts';
import { BAD_QUALITY, legacyQualityDeprecated } from './texts.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('resolveQuality', () => {
  test('the current values pass as they are, without a warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(QualityValues).toEqual({ AUTO: 0, LOW: 360, MEDIUM: 720, HIGH: 1080 });
    for (const value of [0, 360, 720, 1080]) expect(resolveQuality(value)).toBe(value);
    expect(warn).not.toHaveBeenCalled();
    expect(DEFAULT_QUALITY).toBe(1080);
  });

  test.each([
    [1, 'LOW', 360],
    [2, 'MEDIUM', 720],
    [3, 'HIGH', 1080],
    [4, 'HIGH', 1080],
  ] as const)('legacy %i maps to %s with a deprecation warning', (legacy, name, value) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(resolveQuality(legacy)).toBe(value);
    expect(warn).toHaveBeenCalledWith(legacyQualityDeprecated(legacy, name, value));
    expect(legacyQualityDeprecated(legacy, name, value)).toContain('deprecated');
  });

  test.each([5, -1, 1.5, 480, Number.NaN, '1080', null, undefined])('%s is refused', (value) => {
    expect(() => resolveQuality(value)).toThrow(new Error(BAD_QUALITY));
  });

  test('the refusal text is exact', () => {
    expect(BAD_QUALITY).toBe(
      'Bad parameter: The quality should be one of the given value in Player.qualityValues',
    );
  });
});
