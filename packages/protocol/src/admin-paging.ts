// The paging and search fields the admin console's lists (people, the audit log, reports,
// sanctions) share. Only the page sizes are public; `admin.ts` re-exports them.
import { z } from 'zod';

export const PEOPLE_PAGE_SIZES = [10, 25, 50, 100] as const;

export const pageNumber = z.coerce
  .number({ error: 'The page must be a number.' })
  .int('The page must be a whole number.')
  .min(1, 'The page must be at least 1.')
  .max(100_000, 'The page must be at most 100000.');
export const pageSize = z.coerce
  .number({ error: 'The page size must be a number.' })
  .refine((n) => (PEOPLE_PAGE_SIZES as readonly number[]).includes(n), {
    message: 'The page size must be 10, 25, 50 or 100.',
  });
export const searchText = z.string().trim().max(100, 'The search must be at most 100 characters.');
