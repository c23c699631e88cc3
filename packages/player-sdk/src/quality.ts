import { QualityValues, type QualityValue } from './messages.ts';
import { BAD_QUALITY, legacyQualityDeprecated } from './texts.ts';

/** The quality a player starts with. */
export const DEFAULT_QUALITY: QualityValue = QualityValues.HIGH;

type QualityName = keyof typeof QualityValues;

/** The Furioos SDK's constants (AUTO 0, LOW 1, MEDIUM 2, HIGH 3, ULTRA 4) and what they mean now. */
const LEGACY_QUALITIES: ReadonlyMap<number, QualityName> = new Map([
  [1, 'LOW'],
  [2, 'MEDIUM'],
  [3, 'HIGH'],
  [4, 'HIGH'],
]);

const CURRENT_QUALITIES: ReadonlySet<number> = new Set(Object.values(QualityValues));

/**
 * Resolves a `setQuality` argument to a current quality value. A legacy constant 1..4 is mapped
 * (ULTRA to HIGH) with a deprecation warning; 0 is AUTO in both schemes. Throws `BAD_QUALITY`
 * for anything else.
 */
export const resolveQuality = (value: unknown): QualityValue => {
  if (typeof value !== 'number') throw new Error(BAD_QUALITY);
  if (CURRENT_QUALITIES.has(value)) return value as QualityValue;
  const legacyName = LEGACY_QUALITIES.get(value);
  if (legacyName === undefined) throw new Error(BAD_QUALITY);
  const resolved = QualityValues[legacyName];
  console.warn(legacyQualityDeprecated(value, legacyName, resolved));
  return resolved;
};
