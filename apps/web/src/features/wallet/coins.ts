import { COIN_DECIMALS } from '@atrium/protocol';
import { formatAmount } from './format.ts';

/** A coin amount from the chain (units with 18 decimals) as a short number. */
export const coinText = (units: string): string => formatAmount(units, COIN_DECIMALS);
