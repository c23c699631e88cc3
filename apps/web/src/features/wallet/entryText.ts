/**
 * The navigation's label for the wallet: its own module, imported by the entry that ships with
 * every page, so the wallet's other texts (and the protocol's wallet module) stay in lazy chunks.
 */
export const WALLET_NAV_LABEL = 'Wallet';
