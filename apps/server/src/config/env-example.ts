import { z } from 'zod';
import { configSchema } from './config.ts';

/** Renders `.env.example` from the config schema: one commented block per variable. */
export function renderEnvExample(): string {
  const lines = [
    '# Atrium configuration. Generated from apps/server/src/config/config.ts by `npm run env:example`.',
    '# Every variable is optional; the value shown is the default (empty means unset).',
    '',
  ];
  for (const [name, schema] of Object.entries(configSchema.shape)) {
    const description = schema.description;
    if (!description) throw new Error(`Config variable ${name} has no description`);
    const parsed = z.safeParse(schema, undefined);
    const value = parsed.success && parsed.data !== undefined ? formatDefault(parsed.data) : '';
    lines.push(`# ${description}`, `${name}=${value}`, '');
  }
  return lines.join('\n');
}

function formatDefault(value: unknown): string {
  if (Array.isArray(value)) return value.join(',');
  return String(value);
}
