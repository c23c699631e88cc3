/**
 * The console's pages. They live here, not in the contract's `AppRoute`: the server answers them
 * as an unknown path (the app shell with status 404), so nothing tells a visitor they exist.
 */
export const AdminPath = {
  root: '/admin',
  dashboard: '/admin/dashboard',
  roster: '/admin/roster',
  access: '/admin/access',
  people: '/admin/people',
  moderation: '/admin/moderation',
  content: '/admin/content',
  shares: '/admin/shares',
  forms: '/admin/forms',
  classrooms: '/admin/classrooms',
  audit: '/admin/audit',
} as const;
