import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ExitTarget } from './homePage.ts';

/** A link to the configured home page: a route of the app, or another site's address. */
export function ExitLink({
  exit,
  className,
  children,
}: {
  exit: ExitTarget;
  className?: string;
  children: ReactNode;
}) {
  if (exit.kind === 'url') {
    return (
      <a href={exit.href} className={className}>
        {children}
      </a>
    );
  }
  return (
    <Link to={exit.path} className={className}>
      {children}
    </Link>
  );
}
