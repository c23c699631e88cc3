import type { Feature } from '../feature.ts';
import { balancingRoutes } from './balancing.routes.ts';

export const balancingFeature: Feature = {
  name: 'balancing',
  async register(app, { config, database }) {
    await app.register(balancingRoutes, {
      database,
      totalSlots: config.STREAM_SLOTS,
      slotTtlSeconds: config.STREAM_SLOT_TTL_SECONDS,
      region: config.REGION,
      publicUrl: config.publicUrl,
      nodeSecret: config.RENDER_NODE_SECRET,
      nodeTtlSeconds: config.RENDER_NODE_TTL_SECONDS,
    });
  },
};
