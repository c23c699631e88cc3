// The app a test file runs against. The harness starts one app per e2e worker ("lane",
// global-setup.ts); two files that run at the same time never share an app, so a file sees the
// same app state as when every file ran one after another on one app.
import { inject } from 'vitest';

export interface LaneApp {
  baseURL: string;
  demoAccounts: Array<{ role: string; username: string; password: string }>;
  /** Folder where every mail this lane's app sends lands as a JSON file (see mail.ts). */
  mailDir: string;
}

/** This worker's app: vitest numbers its concurrent workers 1..maxWorkers (VITEST_POOL_ID). */
export function lane(): LaneApp {
  const lanes = inject('lanes');
  const id = Number(process.env.VITEST_POOL_ID ?? '1');
  const app = lanes[(id - 1) % lanes.length];
  if (!app) throw new Error('the e2e harness started no app');
  return app;
}
