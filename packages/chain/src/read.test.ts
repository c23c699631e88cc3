import {
  BaseError,
  ContractFunctionRevertedError,
  encodeErrorResult,
  getContractError,
  RawContractError,
} from 'viem';
import { describe, expect, it } from 'vitest';
import { atriumItemsAbi, chainErrorOf, decodeChainError } from './index.ts';

const insufficient = encodeErrorResult({
  abi: atriumItemsAbi,
  errorName: 'InsufficientCoins',
  args: [10n, 5n],
});

describe('decodeChainError and chainErrorOf', () => {
  it('read viem’s own decoded revert (nodes answering code 3: geth, anvil, Amoy)', () => {
    const error = getContractError(new RawContractError({ data: insufficient }), {
      abi: atriumItemsAbi,
      address: '0x000000000000000000000000000000000000dEaD',
      args: [101n, 1n],
      functionName: 'buyItem',
    });
    expect(error.walk((e) => e instanceof ContractFunctionRevertedError)).toBeInstanceOf(
      ContractFunctionRevertedError,
    );
    expect(decodeChainError(error)).toBe('InsufficientCoins');
    expect(chainErrorOf(error)).toEqual({ errorName: 'InsufficientCoins', args: [10n, 5n] });
  });

  it('read revert data from ganache’s answers: a hex string, or { result } from eth_estimateGas', () => {
    const fromCall = new BaseError('VM Exception', {
      cause: Object.assign(new Error('revert'), { code: -32000, data: insufficient }),
    });
    expect(chainErrorOf(fromCall)).toEqual({ errorName: 'InsufficientCoins', args: [10n, 5n] });
    const fromEstimate = new BaseError('VM Exception', {
      cause: Object.assign(new Error('revert'), {
        code: -32000,
        data: { result: insufficient, message: 'revert' },
      }),
    });
    expect(decodeChainError(fromEstimate)).toBe('InsufficientCoins');
  });

  it('fall back to the message when there is no contract error', () => {
    expect(decodeChainError(new BaseError('User rejected the request.'))).toBe(
      'User rejected the request.',
    );
    expect(decodeChainError(new Error('socket hang up'))).toBe('socket hang up');
    expect(decodeChainError('plain')).toBe('plain');
    // Revert data of some other contract is not ours to name.
    const foreign = new BaseError('x', {
      cause: Object.assign(new Error('revert'), { data: '0xdeadbeef' }),
    });
    expect(chainErrorOf(foreign)).toBeUndefined();
    expect(decodeChainError(foreign)).toBe('x');
  });
});
