import { z } from 'zod';

/**
 * Issue 31: what a streamed world's viewer sends back on the data channel: the person's keys,
 * drags, wheel and clicks, which the render page applies to the world's own input state (as its
 * keyboard and mouse adapter does), never as synthetic DOM events. Points are fractions of the
 * video (0..1 from its top left), so they mean the same at any size.
 */
const code = z.string().regex(/^[A-Za-z0-9]{1,24}$/);
const delta = z.number().finite().min(-4000).max(4000);
const fraction = z.number().finite().min(0).max(1);

export const StreamInputSchema = z.discriminatedUnion('t', [
  z.strictObject({ t: z.literal('keydown'), code, repeat: z.boolean().optional() }),
  z.strictObject({ t: z.literal('keyup'), code }),
  /** The viewer's page lost focus: no key-up will come. */
  z.strictObject({ t: z.literal('blur') }),
  /** A drag on the video turns the camera, in the viewer's CSS pixels. */
  z.strictObject({ t: z.literal('drag'), dx: delta, dy: delta }),
  z.strictObject({ t: z.literal('wheel'), dy: delta }),
  z.strictObject({ t: z.literal('click'), x: fraction, y: fraction }),
  z.strictObject({ t: z.literal('dblclick'), x: fraction, y: fraction }),
]);
export type StreamInput = z.infer<typeof StreamInputSchema>;

/** Input messages are small; anything longer is refused before it is parsed. */
export const STREAM_INPUT_MAX_BYTES = 256;

/** A data-channel message as input, or null for anything that is not one (ignored). */
export const parseStreamInput = (raw: unknown): StreamInput | null => {
  if (typeof raw !== 'string' || raw.length > STREAM_INPUT_MAX_BYTES) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = StreamInputSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};
