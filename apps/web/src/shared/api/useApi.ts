import { useSessionStore } from '../session/SessionContext.tsx';
import type { ApiClient } from './client.ts';

/**
 * The API client of the session above this component: in the app, the one client of `api.ts`;
 * in a component test, the client of the store the test provides.
 */
export function useApi(): ApiClient {
  return useSessionStore().client;
}
