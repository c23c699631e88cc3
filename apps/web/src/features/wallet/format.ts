/**
 * A whole-number amount of the smallest unit (wei, or coin units with 18 decimals) as a short
 * decimal: at most `digits` decimals, trailing zeros dropped, thousands grouped.
 */
export function formatAmount(units: string | bigint, decimals = 18, digits = 4): string {
  const value = typeof units === 'bigint' ? units : BigInt(units);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const base = 10n ** BigInt(decimals);
  const whole = abs / base;
  const fraction = (abs % base).toString().padStart(decimals, '0').slice(0, digits);
  const trimmed = fraction.replace(/0+$/, '');
  const grouped = whole.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const shown = trimmed ? `${grouped}.${trimmed}` : grouped;
  // A tiny amount is not nothing.
  if (shown === '0' && abs > 0n) return negative ? '>-0.0001' : '<0.0001';
  return negative ? `-${shown}` : shown;
}

/** `0x1234…abcd`: an address short enough for a line. */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}

/** A decimal amount typed by a person as units of `decimals`, or null when it is not one. */
export function parseAmount(text: string, decimals = 18): bigint | null {
  const match = /^\s*(\d{1,30})(?:\.(\d+))?\s*$/.exec(text);
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > decimals) return null;
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
}

/** A 0x address of 40 hex digits (the checksum, when mixed case, is viem's to check). */
export const isAddressText = (text: string): boolean => /^0x[0-9a-fA-F]{40}$/.test(text.trim());
