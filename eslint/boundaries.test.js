import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The repository's own eslint.config.js, narrowed to the boundary rule: the type-aware rules need
// files that exist on disk, and these snippets are linted under paths that may not.
const eslint = new ESLint({
  cwd: new URL('..', import.meta.url).pathname,
  ruleFilter: ({ ruleId }) => ruleId === 'atrium/boundaries',
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});

const boundaryErrors = async (filePath, code, linter = eslint) => {
  const [result] = await linter.lintText(code, { filePath });
  expect(result.messages.filter((m) => m.fatal)).toEqual([]);
  return result.messages.filter((m) => m.ruleId === 'atrium/boundaries').map((m) => m.message);
};

const cases = [
  ['packages/protocol/src/x.ts', "import * as THREE from 'three';", "import { z } from 'zod';"],
  [
    'packages/protocol/src/x.ts',
    "import { readFileSync } from 'node:fs';",
    "import { A } from './roles.ts';",
  ],
  [
    'packages/world/src/x.ts',
    "import { useState } from 'react';",
    "import { Vec } from '@atrium/protocol';",
  ],
  [
    'packages/world/src/render/x.ts',
    "import { PageTitle } from '../../../../apps/web/src/shared/texts.ts';",
    "import * as THREE from 'three';",
  ],
  [
    'packages/player-sdk/src/x.ts',
    "import { AppRoute } from '@atrium/protocol';",
    "import { FrameCommand } from './messages.ts';",
  ],
  [
    'apps/server/src/features/posters/x.ts',
    "import { startWorld } from '@atrium/world/render';",
    "import { AppRoute } from '@atrium/protocol';",
  ],
  [
    'apps/server/src/chain/x.ts',
    "import { startWorld } from '@atrium/world';",
    "import { deployAndSeed } from '@atrium/chain';",
  ],
  [
    'apps/server/src/features/posters/x.ts',
    "import { PageTitle } from '../../../../web/src/shared/texts.ts';",
    "import { HttpError } from '../../http/errors.ts';",
  ],
  [
    'apps/web/src/shared/x.ts',
    "import { buildApp } from '@atrium/server';",
    "import { Player } from '@atrium/player-sdk';",
  ],
  [
    'apps/server/src/http/x.ts',
    "import { UsersRepository } from '../features/users/users.repository.ts';",
    "import { HttpError } from './errors.ts';",
  ],
  [
    'apps/web/src/features/album/X.tsx',
    "import { PopupShell } from '../metaverse/popups/index.ts';",
    "import { AlbumText } from './texts.ts';",
  ],
  [
    'apps/web/src/shared/ui/X.tsx',
    "import { MetaverseText } from '../../features/metaverse/popups/texts.ts';",
    "import { ShellText } from '../texts.ts';",
  ],
  [
    'apps/server/src/features/posters/x.ts',
    "import { SharesRepository } from '../shares/shares.repository.ts';",
    "import { PostersRepository } from './posters.repository.ts';",
  ],
  [
    'apps/server/src/features/posters/x.ts',
    "import { features } from '../index.ts';",
    "import type { Feature } from '../feature.ts';",
  ],
  [
    'apps/server/src/accounts/x.ts',
    "import { AuthService } from '../features/auth/auth.service.ts';",
    "import { users } from '../db/schema.ts';",
  ],
  [
    'apps/server/src/security/x.ts',
    "import { buildApp } from '../app.ts';",
    "import { HOUR } from '../lib/time.ts';",
  ],
  [
    'apps/server/src/features/feature.ts',
    "import type { PostersService } from './posters/posters.service.ts';",
    "import type { Database } from '../db/database.ts';",
  ],
];

describe('the atrium/boundaries lint rule', () => {
  it.each(cases)('in %s, fails `%s` and passes `%s`', async (filePath, wrong, right) => {
    expect(await boundaryErrors(filePath, wrong)).toHaveLength(1);
    expect(await boundaryErrors(filePath, right)).toEqual([]);
  });

  it('sees dynamic imports and re-exports too', async () => {
    const file = 'apps/web/src/features/home/x.ts';
    expect(
      await boundaryErrors(file, "export { LoginBox } from '../auth/LoginBox.tsx';"),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(file, "export const m = () => import('../album/albumApi.ts');"),
    ).toHaveLength(1);
  });

  it('lets a test compose features, but keeps it inside its package', async () => {
    const file = 'apps/server/src/features/auth/x.test.ts';
    expect(
      await boundaryErrors(file, "import { UsersRepository } from '../users/users.repository.ts';"),
    ).toEqual([]);
    expect(
      await boundaryErrors(file, "import { useState } from '../../../../web/src/x.ts';"),
    ).toHaveLength(1);
  });

  it('keeps each listed exception to the one import it names', async () => {
    // db/seed.ts may import the users feature (a breach listed here), and nothing else of the
    // features. The list is this test's own, so it holds when eslint.config.js's list empties.
    const listed = new ESLint({
      cwd: new URL('..', import.meta.url).pathname,
      ruleFilter: ({ ruleId }) => ruleId === 'atrium/boundaries',
      overrideConfig: {
        languageOptions: { parserOptions: { projectService: false } },
        rules: {
          'atrium/boundaries': [
            'error',
            {
              exceptions: [
                {
                  file: 'apps/server/src/db/seed.ts',
                  imports: 'apps/server/src/features/users/',
                  why: 'a listed breach',
                },
              ],
            },
          ],
        },
      },
    });
    const file = 'apps/server/src/db/seed.ts';
    expect(
      await boundaryErrors(
        file,
        "import { UsersRepository } from '../features/users/users.repository.ts';",
        listed,
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        file,
        "import { AuthService } from '../features/auth/auth.service.ts';",
        listed,
      ),
    ).toHaveLength(1);
  });
});
