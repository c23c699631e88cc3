// Compiles contracts/AtriumItems.sol and writes src/generated/atrium-items.ts.
// Usage: npm run compile -w @atrium/chain
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import prettier from 'prettier';
import { compileContracts, packageDir, renderAtriumItemsModule, solcVersion } from './solc.mjs';

const { AtriumItems } = compileContracts(['contracts/AtriumItems.sol']);
if (!AtriumItems) throw new Error('AtriumItems not found in the compiler output');
const out = join(packageDir, 'src/generated/atrium-items.ts');
mkdirSync(join(packageDir, 'src/generated'), { recursive: true });
// Formatted with the repository's prettier settings, so `prettier --check` leaves it unchanged.
const options = { ...(await prettier.resolveConfig(out)), filepath: out };
writeFileSync(out, await prettier.format(renderAtriumItemsModule(AtriumItems), options));
console.log(
  `Wrote ${out} (solc ${solcVersion()}, ${AtriumItems.abi.length} ABI entries, ${(AtriumItems.bytecode.length - 2) / 2} bytes)`,
);
