import { readWalletSettings } from '../../settings/wallet-settings.ts';
import type { Feature } from '../feature.ts';
import { WalletRepository } from './wallet.repository.ts';
import { walletRoutes } from './wallet.routes.ts';
import { WalletService } from './wallet.service.ts';

/** Issue 18: the wallet's chain settings, sign-in with a wallet, holdings and the local RPC. */
export const walletFeature: Feature = {
  name: 'wallet',
  async register(app, { config, database, limiter, chain, provide }) {
    const service = new WalletService({
      config,
      repo: new WalletRepository(database.db),
      audience: async () => (await readWalletSettings(database.db)).audience,
      chain,
      log: app.log,
    });
    // The character's special looks follow the avatars the account's address owns.
    provide('wallet', { ownedAvatarIds: (userId) => service.ownedAvatarIds(userId) });
    walletRoutes(app, { config, service, limiter, chain });
  },
};
