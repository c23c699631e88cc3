import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileContracts, packageDir, solcVersion } from '../scripts/solc.mjs';
import { atriumItemsAbi, atriumItemsBytecode } from './generated/atrium-items.ts';

// CI's drift check: the checked-in ABI and bytecode are what contracts/AtriumItems.sol compiles to
// today. When this fails, run `npm run compile -w @atrium/chain` and commit the result.
describe('src/generated/atrium-items.ts', () => {
  const { AtriumItems } = compileContracts(['contracts/AtriumItems.sol']);

  it('has the ABI the contract compiles to', () => {
    expect(AtriumItems).toBeDefined();
    expect(atriumItemsAbi).toEqual(AtriumItems?.abi);
  });

  it('has the bytecode the contract compiles to', () => {
    expect(atriumItemsBytecode).toBe(AtriumItems?.bytecode);
  });

  it('names the compiler that made it', () => {
    const text = readFileSync(join(packageDir, 'src/generated/atrium-items.ts'), 'utf8');
    expect(text.split('\n')[0]).toContain(`with solc ${solcVersion()}`);
  });
});
