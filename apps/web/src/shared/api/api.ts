import { sessionStore } from '../session/appSession.ts';
import type { ApiClient } from './client.ts';

/**
 * The app's one API client: the session's, so it sends the in-memory access token that the
 * session store keeps refreshed. Modules outside React (the world, the embed frame, the chat
 * transport) call it directly; components reach server data through their feature's query hooks,
 * which take the same client from the session provider ({@link useApi}).
 */
export const api: ApiClient = sessionStore.client;
