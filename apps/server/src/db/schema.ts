// The database schema (Drizzle), one file per area under schema/. drizzle-kit reads this file
// (drizzle.config.ts) and every table it exports.
export * from './schema/accounts.ts';
export * from './schema/content.ts';
export * from './schema/classroom.ts';
export * from './schema/social.ts';
export * from './schema/play.ts';
export * from './schema/admin.ts';
