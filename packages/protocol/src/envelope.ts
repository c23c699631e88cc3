import { z } from 'zod';

/** The spec's failure envelope: every error answer has this shape. */
export const FailureSchema = z
  .object({
    status: z.literal(false),
    message: z.string(),
    code: z.string().optional(),
  })
  .meta({ id: 'Failure' });
export type Failure = z.infer<typeof FailureSchema>;

/** Wraps a data schema in the spec's success envelope `{status: true, data}`. */
export function okEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal(true), data });
}

/** A success envelope with the spec's extra fields (`message`, `token`, the legacy `result`). */
export function okWith<T extends z.ZodRawShape>(fields: T) {
  return z.object({ status: z.literal(true), ...fields });
}

/** A success envelope with a message only. */
export const OkMessageSchema = z.object({ status: z.literal(true), message: z.string() });
export type OkMessage = z.infer<typeof OkMessageSchema>;
