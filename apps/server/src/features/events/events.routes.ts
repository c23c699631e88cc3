import { EventsApi } from '@atrium/protocol';
import type { FastifyPluginAsync } from 'fastify';
import type { FeatureDeps } from '../feature.ts';
import { serveRoute } from '../../http/route.ts';
import { submissionsCsv } from './events.csv.ts';
import { EventsRepository } from './events.repository.ts';
import { EventsService } from './events.service.ts';

/** A gallery of 500 entries with long descriptions is past the API's default 16 KB. */
const GALLERY_BODY_LIMIT = 1024 * 1024;

/** Issue 17: the two public forms, `gallery.json`, the countdown's date, the admin's views. */
export const eventsRoutes: FastifyPluginAsync<Pick<FeatureDeps, 'database' | 'limiter'>> = async (
  app,
  { database, limiter },
) => {
  const events = new EventsService({ repo: new EventsRepository(database.db), limiter });

  // SPEC §7's paths and the `/api/public/…` ones answer alike (the web app calls the latter).
  for (const route of [EventsApi.votingSubmit, EventsApi.specVotingSubmit]) {
    serveRoute(app, route, async (request) => ({
      status: true as const,
      data: await events.vote(request.ip, request.body),
    }));
  }

  for (const route of [EventsApi.recordSubmit, EventsApi.specRecordSubmit]) {
    serveRoute(app, route, async (request) => ({
      status: true as const,
      data: await events.recordBreaking(request.ip, request.body),
    }));
  }

  for (const route of [EventsApi.gallery, EventsApi.specGallery]) {
    serveRoute(app, route, async () => events.gallery());
  }

  serveRoute(
    app,
    EventsApi.updateGallery,
    async (request) => ({
      status: true as const,
      data: await events.setGallery(request.auth, request.body.entries),
    }),
    { bodyLimit: GALLERY_BODY_LIMIT },
  );

  serveRoute(app, EventsApi.countdown, async () => ({
    status: true as const,
    data: { launch_at: await events.launchAt() },
  }));

  serveRoute(app, EventsApi.updateCountdown, async (request) => ({
    status: true as const,
    data: { launch_at: await events.setLaunchAt(request.auth, request.body.launch_at) },
  }));

  serveRoute(app, EventsApi.submissions, async (request) => ({
    status: true as const,
    data: await events.submissions(request.auth, request.query.kind),
  }));

  serveRoute(app, EventsApi.submissionsCsv, async (request, reply) => {
    const rows = await events.submissions(request.auth, request.query.kind);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${request.query.kind}-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(submissionsCsv(rows));
  });
};
