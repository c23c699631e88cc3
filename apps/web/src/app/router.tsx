import { AppRoute } from '@atrium/protocol';
import { lazy, Suspense } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AccountCard } from '../features/auth/AccountCard.tsx';
import { ChatDevRoute } from '../features/chat/devRoute.ts';
import { SecondChatLauncher } from '../features/chat/SecondChatLauncher.tsx';
import { HomeConference } from '../features/classroom/side/HomeConference.tsx';
import { HomePage } from '../features/home/HomePage.tsx';
import { DevRoute } from '../features/metaverse/devRoutes.ts';
import { NotFoundPage } from '../features/not-found/NotFoundPage.tsx';
import { AppLayout } from './AppLayout.tsx';
import { PageLoading } from './PageLoading.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';

// The home page ships in the entry chunk; the others download on first visit.
const MetaversePage = lazy(() =>
  import('./MetaverseRoute.tsx').then((module) => ({ default: module.MetaverseRoute })),
);
const MobileMetaversePage = lazy(() =>
  import('./MetaverseRoute.tsx').then((module) => ({ default: module.MobileMetaverseRoute })),
);
const ForgotPasswordPage = lazy(() =>
  import('../features/forgot-password/ForgotPasswordPage.tsx').then((module) => ({
    default: module.ForgotPasswordPage,
  })),
);
// Development builds only: `import.meta.env.DEV` is false in production, so the bundler drops
// the preview page and its chunk.
const devRoutes: RouteObject[] = import.meta.env.DEV
  ? [
      {
        path: DevRoute.interfacePreview,
        Component: lazy(() =>
          import('../features/metaverse/InterfacePreview.tsx').then((module) => ({
            default: module.InterfacePreviewPage,
          })),
        ),
      },
      {
        path: DevRoute.classroomPreview,
        Component: lazy(() =>
          import('../features/classroom/preview/ClassroomPreview.tsx').then((module) => ({
            default: module.ClassroomPreviewPage,
          })),
        ),
      },
      {
        path: ChatDevRoute,
        Component: lazy(() =>
          import('../features/chat/ChatPreview.tsx').then((module) => ({
            default: module.ChatPreviewPage,
          })),
        ),
      },
    ]
  : [];
// Issue 17's event pages, each its own chunk (the home page's budget has no room for them); each
// module's default export is its page.
const EventLandingPage = lazy(() => import('../features/events/EventLandingPage.tsx'));
const VotingPage = lazy(() => import('../features/events/VotingPage.tsx'));
const RecordBreakingPage = lazy(() => import('../features/events/RecordBreakingPage.tsx'));
const GalleryPage = lazy(() => import('../features/events/GalleryPage.tsx'));
const FeaturingPage = lazy(() => import('../features/events/FeaturingPage.tsx'));
const AdminGate = lazy(() =>
  import('../features/admin/AdminGate.tsx').then((module) => ({ default: module.AdminGate })),
);
const MiniGamePage = lazy(() =>
  import('../features/mini-game/MiniGamePage.tsx').then((module) => ({
    default: module.MiniGamePage,
  })),
);

/** Every page of SPEC §2 that the web app renders, inside the shared layout. */
export const routes: RouteObject[] = [
  {
    Component: AppLayout,
    children: [
      {
        // Errors render inside the layout, so the navigation stays usable.
        errorElement: <RouteErrorPage />,
        children: [
          {
            path: AppRoute.home,
            element: (
              <HomePage
                account={<AccountCard />}
                conference={<HomeConference />}
                chat={<SecondChatLauncher />}
              />
            ),
          },
          { path: AppRoute.metaverse, Component: MetaversePage },
          { path: AppRoute.mobileMetaverse, Component: MobileMetaversePage },
          { path: AppRoute.forgot, Component: ForgotPasswordPage },
          { path: AppRoute.event, Component: EventLandingPage },
          { path: AppRoute.voting, Component: VotingPage },
          { path: AppRoute.recordBreaking, Component: RecordBreakingPage },
          { path: AppRoute.gallery, Component: GalleryPage },
          { path: AppRoute.featuring, Component: FeaturingPage },
          // Issue 29: the console for admins; for anyone else, the same page as an unknown path.
          // The gate is a chunk of its own too (the home route's budget has no room for it); it
          // holds no console code, so fetching it tells a visitor nothing.
          {
            path: '/admin/*',
            element: <AdminGate notFound={<NotFoundPage />} loading={<PageLoading />} />,
          },
          ...devRoutes,
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
  // The mini-game fills the game-collection modal's frame: no site navigation around it.
  {
    path: AppRoute.miniGame,
    element: (
      <Suspense fallback={<PageLoading />}>
        <MiniGamePage />
      </Suspense>
    ),
    errorElement: <RouteErrorPage />,
  },
];

/** The app's router, on the browser's history. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
