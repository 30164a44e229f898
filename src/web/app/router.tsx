import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { SHELL_ROUTES, type ShellRoute } from '@common/permissions';
import type { MeResponse } from '@common/contracts/me';
import { FullPageLoading, Loading } from '@web/components/ui/loading';
import { useMe } from '@web/features/auth/api/get-me';
import { LandingRedirect } from './guards/landing-redirect';
import { PermissionGuard } from './guards/permission-guard';
import { RedirectIfSignedIn } from './guards/redirect-if-signed-in';
import { RequireAuth } from './guards/require-auth';
import { RouteErrorPage } from './pages/route-error-page';

// Route-level code splitting: the /auth bundle holds neither the shell nor any page.
const LoginPage = lazy(() => import('@web/features/auth/pages/login-page').then((m) => ({ default: m.LoginPage })));
const RecoverPage = lazy(() =>
  import('@web/features/auth/pages/recover-page').then((m) => ({ default: m.RecoverPage })),
);
const InvitationPage = lazy(() =>
  import('@web/features/auth/pages/invitation-page').then((m) => ({ default: m.InvitationPage })),
);
// The dashboards' panels come with the dashboard, not with the sign-in page.
const loadAnnouncementsPanel = () => import('@web/features/announcements/components/announcements-panel');
const loadUpcomingEventsPanel = () => import('@web/features/calendar/components/upcoming-events-panel');
const AnnouncementsPanel = lazy(() => loadAnnouncementsPanel().then((m) => ({ default: m.AnnouncementsPanel })));
const UpcomingEventsPanel = lazy(() => loadUpcomingEventsPanel().then((m) => ({ default: m.UpcomingEventsPanel })));
/** A dashboard's page and its panels load side by side, not one after the other. */
function withPanels<T>(page: Promise<T>): Promise<T> {
  void loadAnnouncementsPanel();
  void loadUpcomingEventsPanel();
  return page;
}
const NotFoundPage = lazy(() => import('./pages/not-found-page').then((m) => ({ default: m.NotFoundPage })));
const AppShell = lazy(() => import('./layouts/app-shell').then((m) => ({ default: m.AppShell })));
const InventoryPage = lazy(() =>
  import('@web/features/inventory/pages/inventory-page').then((m) => ({ default: m.InventoryPage })),
);
const InventoryDispatchNotePage = lazy(() =>
  import('@web/features/inventory/pages/inventory-dispatch-note-page').then((m) => ({
    default: m.InventoryDispatchNotePage,
  })),
);
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

const StoveTransferPage = lazy(() =>
  import('@web/features/stove-transfers/pages/stove-transfer-page').then((m) => ({ default: m.StoveTransferPage })),
);
const TransferConfirmationsPage = lazy(() =>
  import('@web/features/stove-transfers/pages/transfer-confirmations-page').then((m) => ({
    default: m.TransferConfirmationsPage,
  })),
);
const TransferHistoryPage = lazy(() =>
  import('@web/features/stove-transfers/pages/transfer-history-page').then((m) => ({
    default: m.TransferHistoryPage,
  })),
);
const StoveTransferDetailPage = lazy(() =>
  import('@web/features/stove-transfers/pages/stove-transfer-detail-page').then((m) => ({
    default: m.StoveTransferDetailPage,
  })),
);

const ReceiveByScanningPage = lazy(() =>
  import('@web/features/stove-transfers/pages/receive-by-scanning-page').then((m) => ({
    default: m.ReceiveByScanningPage,
  })),
);

const StoveTransferDispatchNotePage = lazy(() =>
  import('@web/features/stove-transfers/pages/stove-transfer-dispatch-note-page').then((m) => ({
    default: m.StoveTransferDispatchNotePage,
  })),
);

const StoveIdsPage = lazy(() =>
  import('@web/features/stove-ids/pages/stove-ids-page').then((m) => ({ default: m.StoveIdsPage })),
);
const StoveIdPage = lazy(() =>
  import('@web/features/stove-ids/pages/stove-id-page').then((m) => ({ default: m.StoveIdPage })),
);
const LabelSheetPage = lazy(() =>
  import('@web/features/stove-ids/pages/label-sheet-page').then((m) => ({ default: m.LabelSheetPage })),
);

const ValidateStoveIdsPage = lazy(() =>
  import('@web/features/stove-validation/pages/validate-stove-ids-page').then((m) => ({
    default: m.ValidateStoveIdsPage,
  })),
);

const CkdReportPage = lazy(() =>
  import('@web/features/ckd-reports/pages/ckd-report-page').then((m) => ({ default: m.CkdReportPage })),
);
const FactoryCkdReportPage = lazy(() =>
  import('@web/features/ckd-reports/pages/factory-ckd-report-page').then((m) => ({
    default: m.FactoryCkdReportPage,
  })),
);

const StoveReportPage = lazy(() =>
  import('@web/features/stove-reports/pages/stove-report-page').then((m) => ({ default: m.StoveReportPage })),
);
const ProductionOverviewPage = lazy(() =>
  import('@web/features/stove-reports/pages/production-overview-page').then((m) => ({
    default: m.ProductionOverviewPage,
  })),
);
const StoveReportDetailPage = lazy(() =>
  import('@web/features/stove-reports/pages/stove-report-detail-page').then((m) => ({
    default: m.StoveReportDetailPage,
  })),
);

const CkdManagementPage = lazy(() =>
  import('@web/features/ckd/pages/ckd-management-page').then((m) => ({ default: m.CkdManagementPage })),
);
const CkdCategoriesPage = lazy(() =>
  import('@web/features/ckd/pages/ckd-categories-page').then((m) => ({ default: m.CkdCategoriesPage })),
);
const ProducedRecordsPage = lazy(() =>
  import('@web/features/ckd/pages/produced-records-page').then((m) => ({ default: m.ProducedRecordsPage })),
);
const CkdTransferPage = lazy(() =>
  import('@web/features/ckd/pages/ckd-transfer-page').then((m) => ({ default: m.CkdTransferPage })),
);
const CkdTransferDispatchNotePage = lazy(() =>
  import('@web/features/ckd/pages/ckd-transfer-dispatch-note-page').then((m) => ({
    default: m.CkdTransferDispatchNotePage,
  })),
);

const DailyProductionReportPage = lazy(() =>
  import('@web/features/productivity/pages/daily-production-report-page').then((m) => ({
    default: m.DailyProductionReportPage,
  })),
);
const ProductivitySettingsPage = lazy(() =>
  import('@web/features/productivity/pages/productivity-settings-page').then((m) => ({
    default: m.ProductivitySettingsPage,
  })),
);
const ProductivityTrackerPage = lazy(() =>
  import('@web/features/productivity/pages/productivity-tracker-page').then((m) => ({
    default: m.ProductivityTrackerPage,
  })),
);

const SteelOverviewPage = lazy(() =>
  import('@web/features/steel/pages/steel-overview-page').then((m) => ({ default: m.SteelOverviewPage })),
);
const SteelCategoriesPage = lazy(() =>
  import('@web/features/steel/pages/steel-categories-page').then((m) => ({ default: m.SteelCategoriesPage })),
);
const SteelRecordsPage = lazy(() =>
  import('@web/features/steel/pages/steel-records-page').then((m) => ({ default: m.SteelRecordsPage })),
);
const SalesPackagesPage = lazy(() =>
  import('@web/features/sales/pages/sales-packages-page').then((m) => ({ default: m.SalesPackagesPage })),
);
const SalesCategoriesPage = lazy(() =>
  import('@web/features/sales/pages/sales-categories-page').then((m) => ({ default: m.SalesCategoriesPage })),
);
const PriceAllocationPage = lazy(() =>
  import('@web/features/sales/pages/price-allocation-page').then((m) => ({ default: m.PriceAllocationPage })),
);
const SalesOverviewPage = lazy(() =>
  import('@web/features/sales/pages/sales-overview-page').then((m) => ({ default: m.SalesOverviewPage })),
);
const SalesReportPage = lazy(() =>
  import('@web/features/sales/pages/sales-report-page').then((m) => ({ default: m.SalesReportPage })),
);
const SalesOrdersPage = lazy(() =>
  import('@web/features/sales-orders/pages/sales-orders-page').then((m) => ({ default: m.SalesOrdersPage })),
);
const SalesOrderPage = lazy(() =>
  import('@web/features/sales-orders/pages/sales-order-page').then((m) => ({ default: m.SalesOrderPage })),
);
const SalesReturnPage = lazy(() =>
  import('@web/features/sales-orders/pages/sales-return-page').then((m) => ({ default: m.SalesReturnPage })),
);
const EndUsersPage = lazy(() =>
  import('@web/features/carbon/pages/end-users-page').then((m) => ({ default: m.EndUsersPage })),
);
const SalesRecordPage = lazy(() =>
  import('@web/features/carbon/pages/sales-record-page').then((m) => ({ default: m.SalesRecordPage })),
);
const CohortsPage = lazy(() =>
  import('@web/features/carbon/pages/cohorts-page').then((m) => ({ default: m.CohortsPage })),
);
const SurveysPage = lazy(() =>
  import('@web/features/carbon/pages/surveys-page').then((m) => ({ default: m.SurveysPage })),
);
const CanceledSalesPage = lazy(() =>
  import('@web/features/sales-orders/pages/canceled-sales-page').then((m) => ({ default: m.CanceledSalesPage })),
);

const DocumentationPage = lazy(() =>
  import('@web/features/documentation/pages/documentation-page').then((m) => ({ default: m.DocumentationPage })),
);
const DocPagePage = lazy(() =>
  import('@web/features/documentation/pages/doc-page-page').then((m) => ({ default: m.DocPagePage })),
);
const DocPageEditPage = lazy(() =>
  import('@web/features/documentation/pages/doc-page-page').then((m) => ({ default: m.DocPageEditPage })),
);
const DocHistoryPage = lazy(() =>
  import('@web/features/documentation/pages/doc-history-page').then((m) => ({ default: m.DocHistoryPage })),
);
const DocRevisionPage = lazy(() =>
  import('@web/features/documentation/pages/doc-history-page').then((m) => ({ default: m.DocRevisionPage })),
);
const AppDocPage = lazy(() =>
  import('@web/features/app-doc/pages/app-doc-page').then((m) => ({ default: m.AppDocPage })),
);
const AppDocArticlePage = lazy(() =>
  import('@web/features/app-doc/pages/app-doc-article-page').then((m) => ({ default: m.AppDocArticlePage })),
);

const AdminDashboardPage = lazy(() =>
  withPanels(import('@web/features/dashboards/pages/admin-dashboard-page')).then((m) => ({
    default: m.AdminDashboardPage,
  })),
);
const FactoryDashboardPage = lazy(() =>
  withPanels(import('@web/features/dashboards/pages/factory-dashboard-page')).then((m) => ({
    default: m.FactoryDashboardPage,
  })),
);

const AnnouncementsPage = lazy(() =>
  import('@web/features/announcements/pages/announcements-page').then((m) => ({ default: m.AnnouncementsPage })),
);

const CalendarPage = lazy(() =>
  import('@web/features/calendar/pages/calendar-page').then((m) => ({ default: m.CalendarPage })),
);

const AccountPage = lazy(() =>
  import('@web/features/account/pages/account-page').then((m) => ({ default: m.AccountPage })),
);

function FullPage({ children }: { children: ReactNode }) {
  return <Suspense fallback={<FullPageLoading />}>{children}</Suspense>;
}

/** Gives a page the signed-in user (features do not import the auth feature; the guard has loaded it). */
function WithMe({ children }: { children: (me: MeResponse) => ReactNode }) {
  const { data: me } = useMe();
  return me ? children(me) : null;
}

function isInventoryRoute(route: ShellRoute): boolean {
  return route.path.startsWith('/inventory/');
}

/** The announcements and upcoming events on both dashboards (the calendar's only for who may open it). */
function dashboardPanels(me: MeResponse): ReactNode {
  return (
    <Suspense fallback={<Loading />}>
      <AnnouncementsPanel />
      {me.permissions.includes('calendar-management') ? <UpcomingEventsPanel /> : null}
    </Suspense>
  );
}

/** The page of one shell route. */
function shellRoutePage(route: ShellRoute): ReactNode {
  if (route.path === '/admin-dashboard')
    return (
      <WithMe>{(me) => <AdminDashboardPage title={route.title} viewer={me} panels={dashboardPanels(me)} />}</WithMe>
    );
  if (route.path === '/factory-dashboard')
    return (
      <WithMe>{(me) => <FactoryDashboardPage title={route.title} viewer={me} panels={dashboardPanels(me)} />}</WithMe>
    );
  if (route.path === '/factory')
    return <WithMe>{(me) => <FactoriesPage title={route.title} companyTimeZone={me.companyTimeZone} />}</WithMe>;
  if (route.path === '/users') return <UserManagementPage title={route.title} />;
  if (route.path === '/users/profiles') return <ProfilesPage title={route.title} />;
  if (route.path === '/customers') return <PartnersPage title={route.title} />;
  if (route.path === '/stove-id/management')
    return <WithMe>{(me) => <StoveIdsPage title={route.title} actor={me} />}</WithMe>;
  if (route.path === '/stove-id/transfer')
    return <WithMe>{(me) => <StoveTransferPage title={route.title} viewer={me} />}</WithMe>;
  if (route.path === '/stove-id/transfer-confirmations')
    return <WithMe>{(me) => <TransferConfirmationsPage title={route.title} viewer={me} />}</WithMe>;
  if (route.path === '/stove-id/transfer-history') return <TransferHistoryPage title={route.title} />;
  if (route.path === '/stove-id/validate')
    return <WithMe>{(me) => <ValidateStoveIdsPage title={route.title} viewer={me} />}</WithMe>;
  if (route.path === '/ckd/report') return <WithMe>{(me) => <CkdReportPage title={route.title} viewer={me} />}</WithMe>;
  if (route.path === '/ckd/factory-report')
    return <WithMe>{(me) => <FactoryCkdReportPage title={route.title} viewer={me} />}</WithMe>;
  if (route.path === '/production/stove-report')
    return <WithMe>{(me) => <StoveReportPage title={route.title} viewer={me} />}</WithMe>;
  if (route.path === '/production')
    return <WithMe>{(me) => <ProductionOverviewPage title={route.title} viewer={me} />}</WithMe>;
  if (route.path === '/ckd') return <WithMe>{(me) => <CkdManagementPage title={route.title} viewer={me} />}</WithMe>;
  if (route.path === '/ckd/categories') return <CkdCategoriesPage title={route.title} />;
  if (route.path === '/ckd/produced-records')
    return <WithMe>{(me) => <ProducedRecordsPage title={route.title} viewer={me} />}</WithMe>;
  if (route.path === '/ckd/transfer')
    return <WithMe>{(me) => <CkdTransferPage title={route.title} viewer={me} />}</WithMe>;
  if (route.path === '/production/submit-report')
    return <WithMe>{(me) => <DailyProductionReportPage title={route.title} viewer={me} />}</WithMe>;
  if (route.path === '/production/productivity-settings') return <ProductivitySettingsPage title={route.title} />;
  if (route.path === '/production/productivity-tracker')
    return <WithMe>{(me) => <ProductivityTrackerPage title={route.title} viewer={me} />}</WithMe>;
  if (route.path === '/steel') return <WithMe>{(me) => <SteelOverviewPage title={route.title} viewer={me} />}</WithMe>;
  if (route.path === '/steel/categories')
    return <WithMe>{(me) => <SteelCategoriesPage title={route.title} viewer={me} />}</WithMe>;
  if (route.path === '/steel/records')
    return <WithMe>{(me) => <SteelRecordsPage title={route.title} viewer={me} />}</WithMe>;
  if (route.path === '/sales') return <WithMe>{(me) => <SalesOverviewPage title={route.title} viewer={me} />}</WithMe>;
  if (route.path === '/sales/packages') return <SalesPackagesPage title={route.title} />;
  if (route.path === '/sales/categories') return <SalesCategoriesPage title={route.title} />;
  if (route.path === '/sales/price-allocation') return <PriceAllocationPage title={route.title} />;
  if (route.path === '/sales/sales-report')
    return <WithMe>{(me) => <SalesReportPage title={route.title} viewer={me} />}</WithMe>;
  if (route.path === '/sales/sales-order')
    return <WithMe>{(me) => <SalesOrdersPage title={route.title} viewer={me} />}</WithMe>;
  if (route.path === '/sales/canceled-sales')
    return <WithMe>{(me) => <CanceledSalesPage title={route.title} viewer={me} />}</WithMe>;
  if (route.path === '/carbon/end-users')
    return <WithMe>{(me) => <EndUsersPage title={route.title} viewer={me} />}</WithMe>;
  if (route.path === '/carbon/sales-record')
    return <WithMe>{(me) => <SalesRecordPage title={route.title} viewer={me} />}</WithMe>;
  if (route.path === '/carbon/cohorts')
    return <WithMe>{(me) => <CohortsPage title={route.title} viewer={me} />}</WithMe>;
  if (route.path === '/carbon/surveys')
    return (
      <WithMe>
        {(me) => <SurveysPage title={route.title} viewer={{ ...me, name: me.profile.name ?? me.user.email }} />}
      </WithMe>
    );
  if (route.path === '/calendar') return <WithMe>{(me) => <CalendarPage title={route.title} viewer={me} />}</WithMe>;
  if (route.path === '/documentation')
    return (
      <WithMe>
        {(me) => <DocumentationPage title={route.title} canEdit={me.permissions.includes('edit-documentation')} />}
      </WithMe>
    );
  if (route.path === '/app-doc') return <AppDocPage title={route.title} />;
  if (route.path === '/announcements')
    return <WithMe>{(me) => <AnnouncementsPage title={route.title} viewer={me} />}</WithMe>;
  // The eight inventory routes are one screen, a tab per route.
  if (isInventoryRoute(route))
    return <WithMe>{(me) => <InventoryPage title={route.title} path={route.path} viewer={me} />}</WithMe>;
  // Every route of the spec has its screen; a new route without one fails as the app loads.
  throw new Error(`No page for the shell route ${route.path}`);
}

const shellRoutes: RouteObject[] = SHELL_ROUTES.map((route) => ({
  path: route.path,
  element: <PermissionGuard permission={route.permission}>{shellRoutePage(route)}</PermissionGuard>,
}));

/** Pages under a shell route (e.g. one record), guarded by the parent route's permission. */
function childRoute(parentPath: string, path: string, page: (parent: ShellRoute) => ReactNode): RouteObject {
  const parent = SHELL_ROUTES.find((route) => route.path === parentPath);
  if (!parent) throw new Error(`No shell route ${parentPath}`);
  return {
    path: `${parentPath}/${path}`,
    element: <PermissionGuard permission={parent.permission}>{page(parent)}</PermissionGuard>,
  };
}

const childRoutes: RouteObject[] = [
  childRoute('/documentation', ':slug', () => (
    <WithMe>{(me) => <DocPagePage canEdit={me.permissions.includes('edit-documentation')} />}</WithMe>
  )),
  childRoute('/documentation', ':slug/edit', () => (
    <PermissionGuard permission="edit-documentation">
      <DocPageEditPage />
    </PermissionGuard>
  )),
  childRoute('/documentation', ':slug/history', () => <DocHistoryPage />),
  childRoute('/documentation', ':slug/history/:version', () => <DocRevisionPage />),
  childRoute('/app-doc', ':slug', () => <AppDocArticlePage />),
  childRoute('/stove-id/management', ':code', () => <StoveIdPage />),
  // The label sheet of a batch or of chosen IDs (same permission as Stove ID Management).
  {
    path: '/stove-id/labels',
    element: (
      <PermissionGuard permission="stove-id-management">
        <LabelSheetPage />
      </PermissionGuard>
    ),
  },
  childRoute('/stove-id/transfer-confirmations', ':id', (parent) => (
    <StoveTransferDetailPage back={{ to: parent.path, title: parent.title }} />
  )),
  childRoute('/stove-id/transfer-confirmations', ':id/receive', () => (
    <WithMe>{(me) => <ReceiveByScanningPage viewer={me} />}</WithMe>
  )),
  childRoute('/stove-id/transfer-history', ':id', (parent) => (
    <StoveTransferDetailPage back={{ to: parent.path, title: parent.title }} />
  )),
  // A transfer's dispatch note, under either page of the transfer.
  childRoute('/stove-id/transfer-confirmations', ':id/dispatch-note', (parent) => (
    <StoveTransferDispatchNotePage parentPath={parent.path} />
  )),
  childRoute('/stove-id/transfer-history', ':id/dispatch-note', (parent) => (
    <StoveTransferDispatchNotePage parentPath={parent.path} />
  )),
  // One order: opened from Sales Order (sales-order) and from Canceled Sales (sales-management).
  {
    path: '/sales/sales-order/:id',
    element: (
      <PermissionGuard permission={['sales-order', 'sales-management']}>
        <WithMe>
          {(me) => (
            <SalesOrderPage
              back={
                me.permissions.includes('sales-order')
                  ? { to: '/sales/sales-order', title: 'Sales Order' }
                  : { to: '/sales/canceled-sales', title: 'Canceled Sales' }
              }
              canOpenStoveIds={me.permissions.includes('stove-id-management')}
            />
          )}
        </WithMe>
      </PermissionGuard>
    ),
  },
  // One return note: opened from its order and from Canceled Sales.
  {
    path: '/sales/returns/:id',
    element: (
      <PermissionGuard permission={['sales-order', 'sales-management']}>
        <WithMe>
          {(me) => (
            <SalesReturnPage
              back={
                me.permissions.includes('sales-management')
                  ? { to: '/sales/canceled-sales?view=returns', title: 'Canceled Sales' }
                  : { to: '/sales/sales-order', title: 'Sales Order' }
              }
              canOpenStoveIds={me.permissions.includes('stove-id-management')}
            />
          )}
        </WithMe>
      </PermissionGuard>
    ),
  },
  // A kit transfer's dispatch note, by the transfer's number (KT-000123).
  childRoute('/ckd/transfer', ':number/dispatch-note', () => <CkdTransferDispatchNotePage />),
  childRoute('/inventory/transfer-history', ':id/dispatch-note', () => <InventoryDispatchNotePage />),
  childRoute('/production', 'stove-reports/:id', (parent) => (
    <WithMe>
      {(me) => (
        <StoveReportDetailPage
          back={{ to: parent.path, title: parent.title }}
          canOpenStoveIds={me.permissions.includes('stove-id-management')}
        />
      )}
    </WithMe>
  )),
];

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
        // Password recovery (spec PASSWORD_RECOVERY): open signed in or not, as a mailed link may be.
        path: '/recover',
        element: (
          <FullPage>
            <RecoverPage />
          </FullPage>
        ),
      },
      {
        // An invitation's mailed link: open signed in or not, as the recovery link is.
        path: '/invitation',
        element: (
          <FullPage>
            <InvitationPage />
          </FullPage>
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
              ...childRoutes,
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
