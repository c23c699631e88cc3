import { z } from 'zod';

export const SettingsText = {
  notFound: 'Setting not found.',
} as const;

/** A setting key: dotted lowercase words, e.g. `stream.default`. */
export const SettingKeySchema = z
  .string()
  .min(1, 'key is required.')
  .max(100)
  .regex(/^[a-z0-9_.-]+$/, 'key may contain lowercase letters, digits, dot, dash and underscore.');

export const CustomSettingQuerySchema = z.strictObject({ key: SettingKeySchema });

export const CustomSettingResponseSchema = z
  .object({ status: z.literal(true), data: z.object({ key: z.string(), value: z.unknown() }) })
  .meta({ id: 'CustomSettingResponse' });
export type CustomSettingResponse = z.infer<typeof CustomSettingResponseSchema>;
