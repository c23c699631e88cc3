export * from './envelope.ts';
export * from './errors.ts';
export * from './roles.ts';
export * from './routes.ts';
export * from './socket.ts';
export * from './system.ts';
export * from './settings.ts';
export * from './auth.ts';
