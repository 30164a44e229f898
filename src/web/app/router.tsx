import { createElement, Suspense, use, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, matchRoutes, type NonIndexRouteObject, type RouteObject } from 'react-router';
import { SHELL_ROUTES, type ShellRoute } from '@common/permissions';
import type { MeResponse } from '@common/contracts/me';
import { FullPageLoading, Loading } from '@web/components/ui/loading';
import { useMe } from '@web/features/auth/api/get-me';
import { LandingRedirect } from './guards/landing-redirect';
import { PermissionGuard } from './guards/permission-guard';
import { RedirectIfSignedIn } from './guards/redirect-if-signed-in';
import { RequireAuth } from './guards/require-auth';
import { RouteErrorPage } from './pages/route-error-page';

/** Any component (`lazy` takes no narrower type: its props are the page's). */
// oxlint-disable-next-line typescript/no-explicit-any
type AnyComponent = ComponentType<any>;

/** A page loaded on demand, and the loader of its module (to start loading it before it renders). */
type LazyPage<P> = ((props: P) => ReactNode) & { preload: () => Promise<unknown> };

/**
 * The component `name` of the module `load` imports, loaded as it first renders or as `preload` is
 * called. Unlike `React.lazy`, once loaded it renders at once: a page preloaded at boot does not
 * suspend (React holds back a suspended page's reveal for up to 300 ms after its fallback).
 */
function lazyPage<K extends string, M extends Record<K, AnyComponent>>(
  load: () => Promise<M>,
  name: K,
): LazyPage<ComponentProps<M[K]>> {
  let loaded: M[K] | undefined;
  let loading: Promise<unknown> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module[name];
      },
      (error: unknown) => {
        // A failed chunk (a new deployment, the network) is tried again on the next render.
        loading = undefined;
        throw error;
      },
    ));
  function Lazy(props: ComponentProps<M[K]>): ReactNode {
    if (!loaded) use(preload());
    return loaded ? createElement(loaded, props) : null;
  }
  Lazy.displayName = `Lazy(${name})`;
  return Object.assign(Lazy, { preload });
}

// Route-level code splitting: the /auth bundle holds neither the shell nor any page.
const LoginPage = lazyPage(() => import('@web/features/auth/pages/login-page'), 'LoginPage');
const RecoverPage = lazyPage(() => import('@web/features/auth/pages/recover-page'), 'RecoverPage');
const InvitationPage = lazyPage(() => import('@web/features/auth/pages/invitation-page'), 'InvitationPage');
// The dashboards' panels come with the dashboard, not with the sign-in page.
const loadAnnouncementsPanel = () => import('@web/features/announcements/components/announcements-panel');
const loadUpcomingEventsPanel = () => import('@web/features/calendar/components/upcoming-events-panel');
const AnnouncementsPanel = lazyPage(loadAnnouncementsPanel, 'AnnouncementsPanel');
const UpcomingEventsPanel = lazyPage(loadUpcomingEventsPanel, 'UpcomingEventsPanel');
/** A dashboard's page and its panels load side by side, not one after the other. */
function withPanels<T>(page: Promise<T>): Promise<T> {
  void loadAnnouncementsPanel();
  void loadUpcomingEventsPanel();
  return page;
}
const NotFoundPage = lazyPage(() => import('./pages/not-found-page'), 'NotFoundPage');
const AppShell = lazyPage(() => import('./layouts/app-shell'), 'AppShell');
const InventoryPage = lazyPage(() => import('@web/features/inventory/pages/inventory-page'), 'InventoryPage');
const InventoryDispatchNotePage = lazyPage(
  () => import('@web/features/inventory/pages/inventory-dispatch-note-page'),
  'InventoryDispatchNotePage',
);
const FactoriesPage = lazyPage(() => import('@web/features/factories/pages/factories-page'), 'FactoriesPage');

const PartnersPage = lazyPage(() => import('@web/features/partners/pages/partners-page'), 'PartnersPage');

const UserManagementPage = lazyPage(() => import('./pages/user-management-page'), 'UserManagementPage');
const ProfilesPage = lazyPage(() => import('@web/features/profiles/pages/profiles-page'), 'ProfilesPage');

const StoveTransferPage = lazyPage(
  () => import('@web/features/stove-transfers/pages/stove-transfer-page'),
  'StoveTransferPage',
);
const TransferConfirmationsPage = lazyPage(
  () => import('@web/features/stove-transfers/pages/transfer-confirmations-page'),
  'TransferConfirmationsPage',
);
const TransferHistoryPage = lazyPage(
  () => import('@web/features/stove-transfers/pages/transfer-history-page'),
  'TransferHistoryPage',
);
const StoveTransferDetailPage = lazyPage(
  () => import('@web/features/stove-transfers/pages/stove-transfer-detail-page'),
  'StoveTransferDetailPage',
);

const ReceiveByScanningPage = lazyPage(
  () => import('@web/features/stove-transfers/pages/receive-by-scanning-page'),
  'ReceiveByScanningPage',
);

const StoveTransferDispatchNotePage = lazyPage(
  () => import('@web/features/stove-transfers/pages/stove-transfer-dispatch-note-page'),
  'StoveTransferDispatchNotePage',
);

const StoveIdsPage = lazyPage(() => import('@web/features/stove-ids/pages/stove-ids-page'), 'StoveIdsPage');
const StoveIdPage = lazyPage(() => import('@web/features/stove-ids/pages/stove-id-page'), 'StoveIdPage');
const LabelSheetPage = lazyPage(() => import('@web/features/stove-ids/pages/label-sheet-page'), 'LabelSheetPage');

const ValidateStoveIdsPage = lazyPage(
  () => import('@web/features/stove-validation/pages/validate-stove-ids-page'),
  'ValidateStoveIdsPage',
);

const CkdReportPage = lazyPage(() => import('@web/features/ckd-reports/pages/ckd-report-page'), 'CkdReportPage');
const FactoryCkdReportPage = lazyPage(
  () => import('@web/features/ckd-reports/pages/factory-ckd-report-page'),
  'FactoryCkdReportPage',
);

const StoveReportPage = lazyPage(
  () => import('@web/features/stove-reports/pages/stove-report-page'),
  'StoveReportPage',
);
const ProductionOverviewPage = lazyPage(
  () => import('@web/features/stove-reports/pages/production-overview-page'),
  'ProductionOverviewPage',
);
const StoveReportDetailPage = lazyPage(
  () => import('@web/features/stove-reports/pages/stove-report-detail-page'),
  'StoveReportDetailPage',
);

const CkdManagementPage = lazyPage(() => import('@web/features/ckd/pages/ckd-management-page'), 'CkdManagementPage');
const CkdCategoriesPage = lazyPage(() => import('@web/features/ckd/pages/ckd-categories-page'), 'CkdCategoriesPage');
const ProducedRecordsPage = lazyPage(
  () => import('@web/features/ckd/pages/produced-records-page'),
  'ProducedRecordsPage',
);
const CkdTransferPage = lazyPage(() => import('@web/features/ckd/pages/ckd-transfer-page'), 'CkdTransferPage');
const CkdTransferDispatchNotePage = lazyPage(
  () => import('@web/features/ckd/pages/ckd-transfer-dispatch-note-page'),
  'CkdTransferDispatchNotePage',
);

const DailyProductionReportPage = lazyPage(
  () => import('@web/features/productivity/pages/daily-production-report-page'),
  'DailyProductionReportPage',
);
const ProductivitySettingsPage = lazyPage(
  () => import('@web/features/productivity/pages/productivity-settings-page'),
  'ProductivitySettingsPage',
);
const ProductivityTrackerPage = lazyPage(
  () => import('@web/features/productivity/pages/productivity-tracker-page'),
  'ProductivityTrackerPage',
);

const SteelOverviewPage = lazyPage(() => import('@web/features/steel/pages/steel-overview-page'), 'SteelOverviewPage');
const SteelCategoriesPage = lazyPage(
  () => import('@web/features/steel/pages/steel-categories-page'),
  'SteelCategoriesPage',
);
const SteelRecordsPage = lazyPage(() => import('@web/features/steel/pages/steel-records-page'), 'SteelRecordsPage');
const SalesPackagesPage = lazyPage(() => import('@web/features/sales/pages/sales-packages-page'), 'SalesPackagesPage');
const SalesCategoriesPage = lazyPage(
  () => import('@web/features/sales/pages/sales-categories-page'),
  'SalesCategoriesPage',
);
const PriceAllocationPage = lazyPage(
  () => import('@web/features/sales/pages/price-allocation-page'),
  'PriceAllocationPage',
);
const SalesOverviewPage = lazyPage(() => import('@web/features/sales/pages/sales-overview-page'), 'SalesOverviewPage');
const SalesReportPage = lazyPage(() => import('@web/features/sales/pages/sales-report-page'), 'SalesReportPage');
const SalesOrdersPage = lazyPage(() => import('@web/features/sales-orders/pages/sales-orders-page'), 'SalesOrdersPage');
const SalesOrderPage = lazyPage(() => import('@web/features/sales-orders/pages/sales-order-page'), 'SalesOrderPage');
const SalesReturnPage = lazyPage(() => import('@web/features/sales-orders/pages/sales-return-page'), 'SalesReturnPage');
const EndUsersPage = lazyPage(() => import('@web/features/carbon/pages/end-users-page'), 'EndUsersPage');
const SalesRecordPage = lazyPage(() => import('@web/features/carbon/pages/sales-record-page'), 'SalesRecordPage');
const CohortsPage = lazyPage(() => import('@web/features/carbon/pages/cohorts-page'), 'CohortsPage');
const SurveysPage = lazyPage(() => import('@web/features/carbon/pages/surveys-page'), 'SurveysPage');
const CanceledSalesPage = lazyPage(
  () => import('@web/features/sales-orders/pages/canceled-sales-page'),
  'CanceledSalesPage',
);

const DocumentationPage = lazyPage(
  () => import('@web/features/documentation/pages/documentation-page'),
  'DocumentationPage',
);
const DocPagePage = lazyPage(() => import('@web/features/documentation/pages/doc-page-page'), 'DocPagePage');
const DocPageEditPage = lazyPage(() => import('@web/features/documentation/pages/doc-page-page'), 'DocPageEditPage');
const DocHistoryPage = lazyPage(() => import('@web/features/documentation/pages/doc-history-page'), 'DocHistoryPage');
const DocRevisionPage = lazyPage(() => import('@web/features/documentation/pages/doc-history-page'), 'DocRevisionPage');
const AppDocPage = lazyPage(() => import('@web/features/app-doc/pages/app-doc-page'), 'AppDocPage');
const AppDocArticlePage = lazyPage(
  () => import('@web/features/app-doc/pages/app-doc-article-page'),
  'AppDocArticlePage',
);

const AdminDashboardPage = lazyPage(
  () => withPanels(import('@web/features/dashboards/pages/admin-dashboard-page')),
  'AdminDashboardPage',
);
const FactoryDashboardPage = lazyPage(
  () => withPanels(import('@web/features/dashboards/pages/factory-dashboard-page')),
  'FactoryDashboardPage',
);

const AnnouncementsPage = lazyPage(
  () => import('@web/features/announcements/pages/announcements-page'),
  'AnnouncementsPage',
);

const CalendarPage = lazyPage(() => import('@web/features/calendar/pages/calendar-page'), 'CalendarPage');

const AccountPage = lazyPage(() => import('@web/features/account/pages/account-page'), 'AccountPage');

function FullPage({ children }: { children: ReactNode }) {
  return <Suspense fallback={<FullPageLoading />}>{children}</Suspense>;
}

/** Gives a page the signed-in user (features do not import the auth feature; the guard has loaded it). */
function WithMe({ children }: { children: (me: MeResponse) => ReactNode }) {
  const { data: me } = useMe();
  return me ? children(me) : null;
}

/** A route's page: what it renders and the loader of its lazy chunk (started early at boot). */
interface RoutePage {
  element: ReactNode;
  preload: () => Promise<unknown>;
}

/** The lazy page with these props. */
function page<P extends object>(Page: LazyPage<P>, props: NoInfer<P>): RoutePage {
  return { element: createElement(Page, props), preload: Page.preload };
}

/** The lazy page with props of the signed-in user. */
function pageWithMe<P extends object>(Page: LazyPage<P>, props: (me: MeResponse) => NoInfer<P>): RoutePage {
  return { element: <WithMe>{(me) => createElement(Page, props(me))}</WithMe>, preload: Page.preload };
}

/** The page inside an extra guard (or frame). */
function wrapped(routePage: RoutePage, wrap: (element: ReactNode) => ReactNode): RoutePage {
  return { ...routePage, element: wrap(routePage.element) };
}

/** The route of a page: `handle.preload` lets the boot start loading its chunk. */
function pageRoute(
  path: string | undefined,
  routePage: RoutePage,
  wrap: (element: ReactNode) => ReactNode,
): NonIndexRouteObject {
  return {
    ...(path === undefined ? {} : { path }),
    element: wrap(routePage.element),
    handle: { preload: routePage.preload },
  };
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
function shellRoutePage(route: ShellRoute): RoutePage {
  const title = route.title;
  if (route.path === '/admin-dashboard')
    return pageWithMe(AdminDashboardPage, (me) => ({ title, viewer: me, panels: dashboardPanels(me) }));
  if (route.path === '/factory-dashboard')
    return pageWithMe(FactoryDashboardPage, (me) => ({ title, viewer: me, panels: dashboardPanels(me) }));
  if (route.path === '/factory')
    return pageWithMe(FactoriesPage, (me) => ({ title, companyTimeZone: me.companyTimeZone }));
  if (route.path === '/users') return page(UserManagementPage, { title });
  if (route.path === '/users/profiles') return page(ProfilesPage, { title });
  if (route.path === '/customers') return page(PartnersPage, { title });
  if (route.path === '/stove-id/management') return pageWithMe(StoveIdsPage, (me) => ({ title, actor: me }));
  if (route.path === '/stove-id/transfer') return pageWithMe(StoveTransferPage, (me) => ({ title, viewer: me }));
  if (route.path === '/stove-id/transfer-confirmations')
    return pageWithMe(TransferConfirmationsPage, (me) => ({ title, viewer: me }));
  if (route.path === '/stove-id/transfer-history') return page(TransferHistoryPage, { title });
  if (route.path === '/stove-id/validate') return pageWithMe(ValidateStoveIdsPage, (me) => ({ title, viewer: me }));
  if (route.path === '/ckd/report') return pageWithMe(CkdReportPage, (me) => ({ title, viewer: me }));
  if (route.path === '/ckd/factory-report') return pageWithMe(FactoryCkdReportPage, (me) => ({ title, viewer: me }));
  if (route.path === '/production/stove-report') return pageWithMe(StoveReportPage, (me) => ({ title, viewer: me }));
  if (route.path === '/production') return pageWithMe(ProductionOverviewPage, (me) => ({ title, viewer: me }));
  if (route.path === '/ckd') return pageWithMe(CkdManagementPage, (me) => ({ title, viewer: me }));
  if (route.path === '/ckd/categories') return page(CkdCategoriesPage, { title });
  if (route.path === '/ckd/produced-records') return pageWithMe(ProducedRecordsPage, (me) => ({ title, viewer: me }));
  if (route.path === '/ckd/transfer') return pageWithMe(CkdTransferPage, (me) => ({ title, viewer: me }));
  if (route.path === '/production/submit-report')
    return pageWithMe(DailyProductionReportPage, (me) => ({ title, viewer: me }));
  if (route.path === '/production/productivity-settings') return page(ProductivitySettingsPage, { title });
  if (route.path === '/production/productivity-tracker')
    return pageWithMe(ProductivityTrackerPage, (me) => ({ title, viewer: me }));
  if (route.path === '/steel') return pageWithMe(SteelOverviewPage, (me) => ({ title, viewer: me }));
  if (route.path === '/steel/categories') return pageWithMe(SteelCategoriesPage, (me) => ({ title, viewer: me }));
  if (route.path === '/steel/records') return pageWithMe(SteelRecordsPage, (me) => ({ title, viewer: me }));
  if (route.path === '/sales') return pageWithMe(SalesOverviewPage, (me) => ({ title, viewer: me }));
  if (route.path === '/sales/packages') return page(SalesPackagesPage, { title });
  if (route.path === '/sales/categories') return page(SalesCategoriesPage, { title });
  if (route.path === '/sales/price-allocation') return page(PriceAllocationPage, { title });
  if (route.path === '/sales/sales-report') return pageWithMe(SalesReportPage, (me) => ({ title, viewer: me }));
  if (route.path === '/sales/sales-order') return pageWithMe(SalesOrdersPage, (me) => ({ title, viewer: me }));
  if (route.path === '/sales/canceled-sales') return pageWithMe(CanceledSalesPage, (me) => ({ title, viewer: me }));
  if (route.path === '/carbon/end-users') return pageWithMe(EndUsersPage, (me) => ({ title, viewer: me }));
  if (route.path === '/carbon/sales-record') return pageWithMe(SalesRecordPage, (me) => ({ title, viewer: me }));
  if (route.path === '/carbon/cohorts') return pageWithMe(CohortsPage, (me) => ({ title, viewer: me }));
  if (route.path === '/carbon/surveys')
    return pageWithMe(SurveysPage, (me) => ({ title, viewer: { ...me, name: me.profile.name ?? me.user.email } }));
  if (route.path === '/calendar') return pageWithMe(CalendarPage, (me) => ({ title, viewer: me }));
  if (route.path === '/documentation')
    return pageWithMe(DocumentationPage, (me) => ({ title, canEdit: me.permissions.includes('edit-documentation') }));
  if (route.path === '/app-doc') return page(AppDocPage, { title });
  if (route.path === '/announcements') return pageWithMe(AnnouncementsPage, (me) => ({ title, viewer: me }));
  // The eight inventory routes are one screen, a tab per route.
  if (isInventoryRoute(route)) return pageWithMe(InventoryPage, (me) => ({ title, path: route.path, viewer: me }));
  // Every route of the spec has its screen; a new route without one fails as the app loads.
  throw new Error(`No page for the shell route ${route.path}`);
}

const shellRoutes: RouteObject[] = SHELL_ROUTES.map((route) =>
  pageRoute(route.path, shellRoutePage(route), (element) => (
    <PermissionGuard permission={route.permission}>{element}</PermissionGuard>
  )),
);

/** Pages under a shell route (e.g. one record), guarded by the parent route's permission. */
function childRoute(parentPath: string, path: string, routePage: (parent: ShellRoute) => RoutePage): RouteObject {
  const parent = SHELL_ROUTES.find((route) => route.path === parentPath);
  if (!parent) throw new Error(`No shell route ${parentPath}`);
  return pageRoute(`${parentPath}/${path}`, routePage(parent), (element) => (
    <PermissionGuard permission={parent.permission}>{element}</PermissionGuard>
  ));
}

/** One sales order or return note: opened from Sales Order (sales-order) and from Canceled Sales (sales-management). */
function salesRecordRoute(path: string, routePage: RoutePage): RouteObject {
  return pageRoute(path, routePage, (element) => (
    <PermissionGuard permission={['sales-order', 'sales-management']}>{element}</PermissionGuard>
  ));
}

const childRoutes: RouteObject[] = [
  childRoute('/documentation', ':slug', () =>
    pageWithMe(DocPagePage, (me) => ({ canEdit: me.permissions.includes('edit-documentation') })),
  ),
  childRoute('/documentation', ':slug/edit', () =>
    wrapped(page(DocPageEditPage, {}), (element) => (
      <PermissionGuard permission="edit-documentation">{element}</PermissionGuard>
    )),
  ),
  childRoute('/documentation', ':slug/history', () => page(DocHistoryPage, {})),
  childRoute('/documentation', ':slug/history/:version', () => page(DocRevisionPage, {})),
  childRoute('/app-doc', ':slug', () => page(AppDocArticlePage, {})),
  childRoute('/stove-id/management', ':code', () => page(StoveIdPage, {})),
  // The label sheet of a batch or of chosen IDs (same permission as Stove ID Management).
  pageRoute('/stove-id/labels', page(LabelSheetPage, {}), (element) => (
    <PermissionGuard permission="stove-id-management">{element}</PermissionGuard>
  )),
  childRoute('/stove-id/transfer-confirmations', ':id', (parent) =>
    page(StoveTransferDetailPage, { back: { to: parent.path, title: parent.title } }),
  ),
  childRoute('/stove-id/transfer-confirmations', ':id/receive', () =>
    pageWithMe(ReceiveByScanningPage, (me) => ({ viewer: me })),
  ),
  childRoute('/stove-id/transfer-history', ':id', (parent) =>
    page(StoveTransferDetailPage, { back: { to: parent.path, title: parent.title } }),
  ),
  // A transfer's dispatch note, under either page of the transfer.
  childRoute('/stove-id/transfer-confirmations', ':id/dispatch-note', (parent) =>
    page(StoveTransferDispatchNotePage, { parentPath: parent.path }),
  ),
  childRoute('/stove-id/transfer-history', ':id/dispatch-note', (parent) =>
    page(StoveTransferDispatchNotePage, { parentPath: parent.path }),
  ),
  salesRecordRoute(
    '/sales/sales-order/:id',
    pageWithMe(SalesOrderPage, (me) => ({
      back: me.permissions.includes('sales-order')
        ? { to: '/sales/sales-order', title: 'Sales Order' }
        : { to: '/sales/canceled-sales', title: 'Canceled Sales' },
      canOpenStoveIds: me.permissions.includes('stove-id-management'),
    })),
  ),
  salesRecordRoute(
    '/sales/returns/:id',
    pageWithMe(SalesReturnPage, (me) => ({
      back: me.permissions.includes('sales-management')
        ? { to: '/sales/canceled-sales?view=returns', title: 'Canceled Sales' }
        : { to: '/sales/sales-order', title: 'Sales Order' },
      canOpenStoveIds: me.permissions.includes('stove-id-management'),
    })),
  ),
  // A kit transfer's dispatch note, by the transfer's number (KT-000123).
  childRoute('/ckd/transfer', ':number/dispatch-note', () => page(CkdTransferDispatchNotePage, {})),
  childRoute('/inventory/transfer-history', ':id/dispatch-note', () => page(InventoryDispatchNotePage, {})),
  childRoute('/production', 'stove-reports/:id', (parent) =>
    pageWithMe(StoveReportDetailPage, (me) => ({
      back: { to: parent.path, title: parent.title },
      canOpenStoveIds: me.permissions.includes('stove-id-management'),
    })),
  ),
];

const fullPage = (element: ReactNode) => <FullPage>{element}</FullPage>;

const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    children: [
      pageRoute('/auth', page(LoginPage, {}), (element) => (
        <RedirectIfSignedIn>{fullPage(element)}</RedirectIfSignedIn>
      )),
      // Password recovery (spec PASSWORD_RECOVERY): open signed in or not, as a mailed link may be.
      pageRoute('/recover', page(RecoverPage, {}), fullPage),
      // An invitation's mailed link: open signed in or not, as the recovery link is.
      pageRoute('/invitation', page(InvitationPage, {}), fullPage),
      pageRoute('/404', page(NotFoundPage, {}), fullPage),
      {
        element: <RequireAuth />,
        children: [
          {
            ...pageRoute(undefined, page(AppShell, {}), fullPage),
            children: [
              { index: true, element: <LandingRedirect /> },
              ...shellRoutes,
              ...childRoutes,
              // Any signed-in user: not a menu route, reached from the header.
              pageRoute('/account', page(AccountPage, { title: 'My account' }), (element) => element),
            ],
          },
          pageRoute('*', page(NotFoundPage, {}), fullPage),
        ],
      },
    ],
  },
];

/** The loaders of the chunks an address needs: its page's and the frames' around it (the shell). */
export function routePreloads(pathname: string): (() => Promise<unknown>)[] {
  return (matchRoutes(routes, pathname) ?? []).flatMap((match) => {
    const handle = match.route.handle as { preload?: () => Promise<unknown> } | undefined;
    return handle?.preload ? [handle.preload] : [];
  });
}

/**
 * The chunks of the page an address names and of the frame around it (the shell), started at once:
 * as the app boots, alongside GET /api/me, rather than each after the one before.
 */
function preloadRoute(pathname: string): void {
  // A chunk that fails here fails again as the page renders, and shows there.
  for (const preload of routePreloads(pathname)) preload().catch(() => {});
}

export function createAppRouter() {
  preloadRoute(window.location.pathname);
  return createBrowserRouter(routes);
}
