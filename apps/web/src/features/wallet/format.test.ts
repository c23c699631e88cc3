import { describe, expect, it } from 'vitest';
import { formatAmount, isAddressText, parseAmount, shortAddress } from './format.ts';

describe('wallet amounts', () => {
  it('formats 18-decimal units as short decimals', () => {
    expect(formatAmount('0')).toBe('0');
    expect(formatAmount(25n * 10n ** 18n)).toBe('25');
    expect(formatAmount('1500000000000000000')).toBe('1.5');
    expect(formatAmount(1234567n * 10n ** 18n + 10n ** 14n)).toBe('1,234,567.0001');
    expect(formatAmount('1')).toBe('<0.0001');
  });

  it('parses what a person types, refusing anything else', () => {
    expect(parseAmount('0.5')).toBe(5n * 10n ** 17n);
    expect(parseAmount(' 2 ')).toBe(2n * 10n ** 18n);
    expect(parseAmount('1e3')).toBeNull();
    expect(parseAmount('-1')).toBeNull();
    expect(parseAmount('abc')).toBeNull();
    expect(parseAmount('0.1234567890123456789')).toBeNull();
  });

  it('checks and shortens addresses', () => {
    const address = '0x1234567890abcdef1234567890ABCDEF12345678';
    expect(isAddressText(address)).toBe(true);
    expect(isAddressText('0x123')).toBe(false);
    expect(shortAddress(address)).toBe('0x1234…5678');
  });
});
