// Issue 29: the admin console's contract: people, the audit log, reports and sanctions. The
// console's forms validate with these schemas, so the page and the API refuse the same input with
// the same texts. Split by idea into the `admin-*.ts` modules beside this one; this module is the
// contract's one entry point. The order below is the order in which the schemas with an OpenAPI
// id register, and so the order of their components in the docs.
export * from './admin-text.ts';
export { PEOPLE_PAGE_SIZES } from './admin-paging.ts';
export * from './admin-people.ts';
export * from './admin-audit.ts';
export * from './admin-moderation.ts';
export * from './admin-dashboard.ts';
export * from './admin-settings.ts';
export * from './admin-roster.ts';
export * from './admin-classrooms.ts';
