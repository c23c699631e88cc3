import {
  ClassroomSettingsResponseSchema,
  ClassroomSettingsUpdateSchema,
} from '../classroom-record.ts';
import { defineRoute } from '../http/route.ts';
import {
  CustomSettingQuerySchema,
  CustomSettingResponseSchema,
  LimitSettingsResponseSchema,
  LimitSettingsUpdateSchema,
  WalletSettingsResponseSchema,
  WalletSettingsUpdateSchema,
} from '../settings.ts';

const tags = ['settings'] as const;

/**
 * Public settings (SPEC §7 `GET /api/public/custom-setting`; private keys answer as unknown), the
 * admin's account limits and the wallet's audience.
 */
export const SettingsApi = {
  customSetting: defineRoute({
    method: 'GET',
    path: '/api/public/custom-setting',
    query: CustomSettingQuerySchema,
    response: CustomSettingResponseSchema,
    tags,
    errors: [404],
    summary: 'Read a public setting by key',
  }),
  limits: defineRoute({
    method: 'GET',
    path: '/api/settings/limits',
    response: LimitSettingsResponseSchema,
    tags,
    errors: [401, 403],
    summary: 'The account limits in force (admin)',
  }),
  updateLimits: defineRoute({
    method: 'PATCH',
    path: '/api/settings/limits',
    body: LimitSettingsUpdateSchema,
    response: LimitSettingsResponseSchema,
    tags,
    errors: [401, 403],
    summary: 'Raise or lower account limits (admin)',
    audit: 'settings.limits',
  }),
  wallet: defineRoute({
    method: 'GET',
    path: '/api/settings/wallet',
    response: WalletSettingsResponseSchema,
    tags,
    errors: [401, 403],
    summary: "The wallet's audience: school (plain words, no native coin) or public (admin)",
  }),
  updateWallet: defineRoute({
    method: 'PATCH',
    path: '/api/settings/wallet',
    body: WalletSettingsUpdateSchema,
    response: WalletSettingsResponseSchema,
    tags,
    errors: [401, 403],
    summary: "Set the wallet's audience, school or public (admin)",
    audit: 'settings.wallet',
  }),
  classroom: defineRoute({
    method: 'GET',
    path: '/api/settings/classroom',
    response: ClassroomSettingsResponseSchema,
    tags,
    errors: [401, 403],
    summary: 'How many days class records are kept (admin)',
  }),
  updateClassroom: defineRoute({
    method: 'PATCH',
    path: '/api/settings/classroom',
    body: ClassroomSettingsUpdateSchema,
    response: ClassroomSettingsResponseSchema,
    tags,
    errors: [400, 401, 403],
    summary: 'Set how many days class records are kept (admin)',
    audit: 'settings.classroom',
  }),
} as const;
