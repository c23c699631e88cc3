/**
 * Where socket.io is served, on the same origin as the HTTP API. Written here once, with the
 * HTTP routes, so neither end spells the path itself.
 */
export const SOCKET_PATH = '/api/socket';
