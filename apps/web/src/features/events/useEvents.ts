import { EventsApi, EventsText, type RouteBody } from '@atrium/protocol';
import { useMutation, useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../shared/api/client.ts';
import { useApi } from '../../shared/api/useApi.ts';
import type { GalleryItem } from './galleryData.ts';

/** A form's answer: the message to show, and whether it was a success. */
export interface SubmitResult {
  ok: boolean;
  message: string;
}

/** Query keys of the event pages' server data. */
export const eventKeys = {
  countdown: ['events', 'countdown'] as const,
  gallery: ['events', 'gallery'] as const,
};

// The event pages are public: no call sends the visitor's token.
const anonymous = { auth: false } as const;

/** The countdown's target in milliseconds since the epoch; idle while `enabled` is false. */
export function useLaunchAt(enabled: boolean) {
  const client = useApi();
  return useQuery({
    queryKey: eventKeys.countdown,
    queryFn: async (): Promise<number> => {
      const answer = await client.call(EventsApi.countdown, {}, anonymous);
      const at = Date.parse(answer.data.launch_at);
      if (Number.isNaN(at)) throw new Error(`countdown: ${answer.data.launch_at}`);
      return at;
    },
    enabled,
    retry: 1,
  });
}

/** `gallery.json`: the gallery's entries (the server checks them when saved and when read). */
export function useGallery() {
  const client = useApi();
  return useQuery({
    queryKey: eventKeys.gallery,
    queryFn: async (): Promise<GalleryItem[]> => client.call(EventsApi.gallery, {}, anonymous),
    retry: 1,
  });
}

type FormRoute = typeof EventsApi.votingSubmit | typeof EventsApi.recordSubmit;

/**
 * Posts a voting or record form; never throws. SPEC §8: an answer that is not the envelope is
 * `Unknown error`; otherwise the server's message (a success's `data`, a failure's `message`).
 */
export function useSubmitEventForm(route: FormRoute) {
  const client = useApi();
  return useMutation({
    // The record form's body is the voting body without a team, and both answer alike.
    mutationFn: async (body: RouteBody<typeof EventsApi.votingSubmit>): Promise<SubmitResult> => {
      try {
        const voting = route as typeof EventsApi.votingSubmit;
        const answer = await client.call(voting, { body }, anonymous);
        return { ok: true, message: answer.data };
      } catch (error) {
        return { ok: false, message: errorMessage(error, EventsText.unknownError) };
      }
    },
  });
}
