import { AccessPolicySchema, MailDomainSchema } from '@atrium/protocol';
import { AccessText as T } from './texts.ts';

export type DomainsAdded = { ok: true; domains: string[] } | { ok: false; message: string };

/**
 * The list with the domains typed in `draft` added (spaces, commas or semicolons between them),
 * each checked by the contract's `MailDomainSchema`, so the field refuses what the server would,
 * in its words. One already listed is said so; the list's own limit is the schema's too.
 */
export function addDomains(list: readonly string[], draft: string): DomainsAdded {
  const next = [...list];
  for (const word of draft.split(/[\s,;]+/).filter(Boolean)) {
    const parsed = MailDomainSchema.safeParse(word);
    if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? '' };
    if (next.includes(parsed.data)) {
      if (list.includes(parsed.data)) return { ok: false, message: T.domainTwice(parsed.data) };
      continue;
    }
    next.push(parsed.data);
  }
  const all = AccessPolicySchema.shape.email_domains.safeParse(next);
  if (!all.success) return { ok: false, message: all.error.issues[0]?.message ?? '' };
  return { ok: true, domains: next };
}

/** The fields of `after` that differ from `before`: only those go to the server. */
export function changedFields<T extends object>(before: T, after: T): Partial<T> {
  const body: Partial<T> = {};
  for (const key of Object.keys(after) as Array<keyof T>) {
    if (JSON.stringify(after[key]) !== JSON.stringify(before[key])) body[key] = after[key];
  }
  return body;
}
