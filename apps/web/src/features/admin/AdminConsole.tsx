import { useEffect, useRef, type ReactNode } from 'react';
import { Navigate, NavLink, Route, Routes, useLocation } from 'react-router';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { usePageTitle } from '../../shared/ui/usePageTitle.ts';
import { AccessPage } from './access/AccessPage.tsx';
import { AuditPage } from './AuditPage.tsx';
import { ClassroomsPage } from './classrooms/ClassroomsPage.tsx';
import { ContentPage } from './content/ContentPage.tsx';
import { DashboardPage } from './dashboard/DashboardPage.tsx';
import { FormsPage } from './forms/FormsPage.tsx';
import { RosterPage } from './roster/RosterPage.tsx';
import { ModerationPage } from './ModerationPage.tsx';
import { AdminPath } from './paths.ts';
import { PeoplePage } from './PeoplePage.tsx';
import { SharesPage } from './shares/SharesPage.tsx';
import { AdminUiText as T } from './texts.ts';
import './admin.css';

const sections = [
  { to: AdminPath.dashboard, label: T.dashboard },
  { to: AdminPath.people, label: T.people },
  { to: AdminPath.roster, label: T.roster },
  { to: AdminPath.moderation, label: T.moderation },
  { to: AdminPath.access, label: T.access },
  { to: AdminPath.content, label: T.content },
  { to: AdminPath.shares, label: T.shares },
  { to: AdminPath.forms, label: T.forms },
  { to: AdminPath.classrooms, label: T.classrooms },
  { to: AdminPath.audit, label: T.audit },
] as const;

export interface AdminConsoleProps {
  /** The signed-in admin's username: their own row offers no action on themselves. */
  me: string;
  /** A path under /admin that is no section. */
  notFound: ReactNode;
}

/** The admin console (issue 29): its header, the sections' navigation and the section shown. */
export function AdminConsole({ me, notFound }: AdminConsoleProps) {
  usePageTitle(T.pageTitle);
  const nav = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // On a phone the sections scroll sideways: the current one is brought into view.
  useEffect(() => {
    nav.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <div className="container admin">
      <PageHeader title={T.title} />
      <nav ref={nav} className="admin-nav" aria-label={T.nav}>
        <ul className="admin-nav__list">
          {sections.map((section) => (
            <li key={section.to}>
              <NavLink to={section.to} className="admin-nav__link">
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Routes>
        <Route index element={<Navigate to={AdminPath.dashboard} replace />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="roster" element={<RosterPage />} />
        <Route path="access" element={<AccessPage />} />
        <Route path="people" element={<PeoplePage me={me} />} />
        <Route path="moderation" element={<ModerationPage />} />
        <Route path="content" element={<ContentPage />} />
        <Route path="shares" element={<SharesPage />} />
        <Route path="forms" element={<FormsPage />} />
        <Route path="classrooms" element={<ClassroomsPage />} />
        <Route path="audit" element={<AuditPage />} />
        <Route path="*" element={notFound} />
      </Routes>
    </div>
  );
}
