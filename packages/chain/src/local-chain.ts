import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import ganache from 'ganache';
import type { Address, Hex } from 'viem';

/** The local dev chain's id (ganache's usual one). */
export const LOCAL_CHAIN_ID = 1337;

/**
 * Hardhat's and anvil's well-known development keys #0 and #1. They are public knowledge (printed by
 * every `npx hardhat node`): use them on the local chain only, never on a real network.
 */
export const DEV_ACCOUNTS = {
  deployer: {
    address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as Address,
    privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' as Hex,
  },
  demo: {
    address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address,
    privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d' as Hex,
  },
} as const;

export interface LocalChainOptions {
  /** The app's data directory; the chain keeps its state in `<dataDir>/chain/db`. */
  dataDir: string;
  /** Defaults to 127.0.0.1. */
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Receives ganache's own log lines (it is quiet unless given this). */
  log?: (line: string) => void;
}

export interface LocalChain {
  rpcUrl: string;
  chainId: number;
  close(): Promise<void>;
}

/** Native coin each dev account gets at genesis: 1000 ETH, in wei. */
const GENESIS_BALANCE = `0x${(1000n * 10n ** 18n).toString(16)}`;

/** The ganache options shared by the server and the in-process provider the tests use. */
export function ganacheOptions(dbPath: string | undefined, log?: (line: string) => void) {
  return {
    chain: { chainId: LOCAL_CHAIN_ID, hardfork: 'shanghai' as const, vmErrorsOnRPCResponse: false },
    ...(dbPath ? { database: { dbPath } } : {}),
    // Every transaction is mined as it arrives, and its receipt is ready when the hash returns.
    miner: { instamine: 'eager' as const },
    logging: log
      ? {
          quiet: false,
          verbose: false,
          logger: { log: (...parts: unknown[]) => log(parts.map(String).join(' ')) },
        }
      : { quiet: true },
    wallet: {
      accounts: [
        { secretKey: DEV_ACCOUNTS.deployer.privateKey, balance: GENESIS_BALANCE },
        { secretKey: DEV_ACCOUNTS.demo.privateKey, balance: GENESIS_BALANCE },
      ],
    },
  };
}

/**
 * Starts ganache in this process as a JSON-RPC server on `host:port`, its state in
 * `<dataDir>/chain/db` so contracts and balances survive a restart.
 */
export async function startLocalChain(options: LocalChainOptions): Promise<LocalChain> {
  const dbPath = join(options.dataDir, 'chain', 'db');
  mkdirSync(dbPath, { recursive: true });
  const host = options.host ?? '127.0.0.1';
  const server = ganache.server(ganacheOptions(dbPath, options.log));
  await server.listen(options.port ?? 0, host);
  const { port } = server.address();
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    rpcUrl: `http://${urlHost}:${port}`,
    chainId: LOCAL_CHAIN_ID,
    close: () => server.close(),
  };
}
