import type { ReactNode } from 'react';

export interface PersonRowProps {
  name: string;
  online: boolean;
  /** The line under the name (online, offline, where a request stands); none: the name alone. */
  meta?: string;
  /** `data-*` attributes that name the row (`data-friend`, `data-online`, …). */
  data: Record<`data-${string}`, string>;
  /** What can be done with this person: the row's buttons. */
  children?: ReactNode;
}

/** One person in the social lists: the online dot, the name, and what can be done. */
export function PersonRow({ name, online, meta, data, children }: PersonRowProps) {
  return (
    <li className="social-row" {...data}>
      <span className={`social-status ${online ? 'social-status--on' : ''}`} aria-hidden="true" />
      <span className="social-row__name">
        {name}
        {meta && <small className="social-row__meta">{meta}</small>}
      </span>
      {children}
    </li>
  );
}
