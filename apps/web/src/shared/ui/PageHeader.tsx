import type { ReactNode } from 'react';
import './PageHeader.css';

export interface PageHeaderProps {
  /** A short line above the heading naming the area of the app. */
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}

/** The page's one <h1>, with an optional lead paragraph. */
export function PageHeader({ eyebrow, title, children }: PageHeaderProps) {
  return (
    <header className="page-header">
      {eyebrow && <p className="page-header__eyebrow">{eyebrow}</p>}
      <h1 className="page-header__title">{title}</h1>
      {children && <div className="page-header__lead">{children}</div>}
    </header>
  );
}
