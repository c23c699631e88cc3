import { COIN_SYMBOL, type WalletAudience } from '@atrium/protocol';
import { WALLET_NAV_LABEL } from './entryText.ts';

/**
 * The wallet screens' own labels. The spec's exact texts (SPEC §5 and §8) are `WalletText` in
 * `@atrium/protocol`; these are the words around them.
 */
export const WalletWebText = {
  navEntry: WALLET_NAV_LABEL,
  panelTitle: 'Digital wallet',
  panelIntro: 'Your collectibles, avatars and coins, read from the blockchain.',
  close: 'Close',
  loading: 'Loading your wallet…',
  loadFailed: 'The wallet could not be loaded.',
  retry: 'Try again',
  notLinkedTitle: 'No wallet linked yet',
  notLinkedBody:
    'Link your digital wallet to buy poster NFTs, take free items, melt items back into coins and mint avatars.',
  link: 'Link my wallet',
  linking: 'Linking…',
  linked: 'Your wallet is linked to your account.',
  unlink: 'Unlink',
  address: 'Address',
  copy: 'Copy address',
  copied: 'Address copied.',
  network: 'Network',
  balance: 'Balance',
  coins: 'Coins',
  owned: 'Your items',
  ownedEmpty:
    'You own no items yet. Buy a poster’s NFT in the gallery, take the free pin below or mint an avatar.',
  avatars: 'Your avatars',
  avatarsEmpty: 'No avatar yet: mint one from the catalogue below.',
  catalogue: 'Catalogue',
  amount: (n: string) => `× ${n}`,
  melt: 'Melt',
  meltTitle: (name: string) => `Melt ${name}?`,
  meltBody: (name: string, coins: string) =>
    `One ${name} is burnt and you get ${coins} ${COIN_SYMBOL} back. This cannot be undone.`,
  meltConfirm: 'Melt it',
  cancel: 'Cancel',
  getFree: 'Get free',
  freeTaken: 'Taken',
  mint: 'Mint',
  buy: 'Buy',
  price: (coins: string) => `${coins} ${COIN_SYMBOL}`,
  free: 'Free',
  meltValue: (coins: string) => `melts for ${coins} ${COIN_SYMBOL}`,
  transferTitle: 'Native coin transfer',
  transferTo: 'Recipient address',
  transferAmount: (symbol: string) => `Amount (${symbol})`,
  transferSend: 'Send',
  transferBadAddress: 'Enter a 0x address of 40 hex digits.',
  transferBadAmount: 'Enter an amount above 0, like 0.5.',
  transferDone: 'The coins were sent.',
  waitingWallet: 'Waiting for your wallet…',
  confirming: 'Confirming on the chain…',
  txDone: 'Done: the transaction is on the chain.',
  txFailed: 'The transaction failed.',
  dismiss: 'Dismiss',
  viewExplorer: 'View on the explorer',
  otherAccount: (linked: string) =>
    `Your wallet is using another account. Switch to ${linked} in your wallet, or unlink and link this one.`,
  reverted: (reason: string) => `The contract refused: ${reason}.`,
  guestTitle: 'Wallet',
  walletOffTitle: 'Wallet unavailable',
  inventoryAvatarsEmpty: 'No avatar yet: mint one in your wallet (Wallet, in the top menu).',
  inventoryEmptyTitle: 'Nothing here yet',
  inventoryHowTo:
    'Buy a poster’s NFT with BUY NFT in the gallery, take the free Campus Pin or mint an avatar in your wallet (Wallet, in the top menu).',
  inventoryNotLinked:
    'Link your digital wallet (Wallet, in the top menu) to see your items and avatars here.',
  purchaseItem: (name: string, price: string) => `${name} · ${price}`,
  purchaseLinking: 'First, sign in with your wallet to link it to your account.',
} as const;

/** Every wallet label as a plain string or function, whichever words fill it. */
export type WalletWords = {
  [K in keyof typeof WalletWebText]: (typeof WalletWebText)[K] extends (...args: infer A) => string
    ? (...args: A) => string
    : string;
};

/**
 * Issue 27: what a school sees where its words differ. No Mint, Melt or blockchain: Collect,
 * Trade in and Get; the coins are ATC. The native balance and transfer are not shown at all, and
 * gas is explained where the wallet asks for a fee (`gasNote`).
 */
export const WalletSchoolText = {
  panelIntro: `Your collectibles, avatars and coins (${COIN_SYMBOL}).`,
  notLinkedBody:
    'Link your digital wallet to buy posters, collect free items, trade items in for coins and get avatars.',
  ownedEmpty:
    'You own no items yet. Buy a poster in the gallery, collect the free pin below or get an avatar.',
  avatarsEmpty: 'No avatar yet: get one from the catalogue below.',
  melt: 'Trade in',
  meltTitle: (name: string) => `Trade in ${name}?`,
  meltBody: (name: string, coins: string) =>
    `You give back one ${name} and get ${coins} ${COIN_SYMBOL} for it. This cannot be undone.`,
  meltConfirm: 'Trade it in',
  meltValue: (coins: string) => `trades in for ${coins} ${COIN_SYMBOL}`,
  getFree: 'Collect',
  freeTaken: 'Collected',
  mint: 'Get',
  confirming: 'Saving it…',
  txDone: 'Done.',
  inventoryAvatarsEmpty: 'No avatar yet: get one in your wallet (Wallet, in the top menu).',
  inventoryHowTo:
    'Buy a poster with BUY NFT in the gallery, collect the free Campus Pin or get an avatar in your wallet (Wallet, in the top menu).',
} as const satisfies Partial<WalletWords>;

/** Shown while the wallet asks to approve a transaction, at a school. */
export const GAS_NOTE =
  'Your wallet now asks you to approve this. It shows a small network fee (“gas”): the cost of saving it, paid from the wallet’s own balance, not from your coins.';

/** The wallet's words for an audience: a school's plain words, or the full wallet's. */
export const walletWords = (audience: WalletAudience): WalletWords =>
  audience === 'school' ? { ...WalletWebText, ...WalletSchoolText } : WalletWebText;
