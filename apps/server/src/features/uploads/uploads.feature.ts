import path from 'node:path';
import type { Feature } from '../feature.ts';
import { UploadStore } from './upload-store.ts';
import { uploadRoutes } from './uploads.routes.ts';
import { UploadsService } from './uploads.service.ts';

/** SPEC §7's temp image upload and zip upload (issue 17); files go under DATA_DIR. */
export const uploadsFeature: Feature = {
  name: 'uploads',
  async register(app, { config, limiter }) {
    const store = new UploadStore(path.join(config.dataDir, 'files'));
    await app.register(uploadRoutes, { service: new UploadsService({ store, limiter }) });
  },
};
