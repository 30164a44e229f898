import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { SHELL_ROUTES, type ShellRoute } from '@common/permissions';
import { FullPageLoading } from '@web/components/ui/loading';
import { LandingRedirect } from './guards/landing-redirect';
import { PermissionGuard } from './guards/permission-guard';
import { RedirectIfSignedIn } from './guards/redirect-if-signed-in';
import { RequireAuth } from './guards/require-auth';
import { RouteErrorPage } from './pages/route-error-page';

// Route-level code splitting: the /auth bundle holds neither the shell nor any page.
const LoginPage = lazy(() => import('@web/features/auth/pages/login-page').then((m) => ({ default: m.LoginPage })));
const NotFoundPage = lazy(() => import('./pages/not-found-page').then((m) => ({ default: m.NotFoundPage })));
const AppShell = lazy(() => import('./layouts/app-shell').then((m) => ({ default: m.AppShell })));
const AreaPlaceholderPage = lazy(() =>
  import('./pages/area-placeholder-page').then((m) => ({ default: m.AreaPlaceholderPage })),
);
const InventoryPage = lazy(() => import('./pages/inventory-page').then((m) => ({ default: m.InventoryPage })));
const FactoriesPage = lazy(() =>
  import('@web/features/factories/pages/factories-page').then((m) => ({ default: m.FactoriesPage })),
);

const PartnersPage = lazy(() =>
  import('@web/features/partners/pages/partners-page').then((m) => ({ default: m.PartnersPage })),
);

const UserManagementPage = lazy(() =>
  import('./pages/user-management-page').then((m) => ({ default: m.UserManagementPage })),
);
const ProfilesPage = lazy(() =>
  import('@web/features/profiles/pages/profiles-page').then((m) => ({ default: m.ProfilesPage })),
);

const AccountPage = lazy(() =>
  import('@web/features/account/pages/account-page').then((m) => ({ default: m.AccountPage })),
);

function FullPage({ children }: { children: ReactNode }) {
  return <Suspense fallback={<FullPageLoading />}>{children}</Suspense>;
}

function isInventoryRoute(route: ShellRoute): boolean {
  return route.path.startsWith('/inventory/');
}

/** The page of one shell route; later issues replace the placeholders with real screens. */
function shellRoutePage(route: ShellRoute): ReactNode {
  if (route.path === '/factory') return <FactoriesPage title={route.title} />;
  if (route.path === '/users') return <UserManagementPage title={route.title} />;
  if (route.path === '/users/profiles') return <ProfilesPage title={route.title} />;
  if (route.path === '/customers') return <PartnersPage title={route.title} />;
  return isInventoryRoute(route) ? <InventoryPage route={route} /> : <AreaPlaceholderPage route={route} />;
}

const shellRoutes: RouteObject[] = SHELL_ROUTES.map((route) => ({
  path: route.path,
  element: <PermissionGuard permission={route.permission}>{shellRoutePage(route)}</PermissionGuard>,
}));

const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    children: [
      {
        path: '/auth',
        element: (
          <RedirectIfSignedIn>
            <FullPage>
              <LoginPage />
            </FullPage>
          </RedirectIfSignedIn>
        ),
      },
      {
        path: '/404',
        element: (
          <FullPage>
            <NotFoundPage />
          </FullPage>
        ),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: (
              <FullPage>
                <AppShell />
              </FullPage>
            ),
            children: [
              { index: true, element: <LandingRedirect /> },
              ...shellRoutes,
              // Any signed-in user: not a menu route, reached from the header.
              { path: '/account', element: <AccountPage title="My account" /> },
            ],
          },
          {
            path: '*',
            element: (
              <FullPage>
                <NotFoundPage />
              </FullPage>
            ),
          },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
