// Types for scripts/solc.mjs, which the tests import.
import type { Abi, Hex } from 'viem';

export interface CompiledContract {
  abi: Abi;
  bytecode: Hex;
}

export const packageDir: string;
export function solcVersion(): string;
export function compileContracts(files: string[]): Record<string, CompiledContract>;
export function renderAtriumItemsModule(contract: CompiledContract): string;
