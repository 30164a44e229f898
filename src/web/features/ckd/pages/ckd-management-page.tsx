import { Link } from 'react-router';
import { ArrowRightIcon } from 'lucide-react';
import type { MeResponse } from '@common/contracts/me';
import { SHELL_ROUTES } from '@common/permissions';
import { buttonVariants } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageHeader } from '@web/components/ui/page-header';
import { Skeleton } from '@web/components/ui/skeleton';
import { useCkdStock } from '../api/get-ckd-stock';
import { LoadError } from '@web/components/ui/load-error';
import { kitCount } from '../components/ckd.model';
import { KitStockGrid } from '../components/kit-stock-grid';

/** The CKD screens this page links to, with what each is for. */
const SCREENS: readonly { path: string; about: string }[] = [
  { path: '/ckd/report', about: 'Opening, produced, received, sent, consumed and closing per factory.' },
  { path: '/ckd/factory-report', about: 'One factory’s kit movements, day by day.' },
  { path: '/ckd/categories', about: 'Kit types and the steel one kit uses.' },
  { path: '/ckd/produced-records', about: 'Kits made at the plants and the steel they used.' },
  { path: '/ckd/transfer', about: 'Send kits to another factory; every transfer.' },
];

/** CKD Management (/ckd): kits in stock per factory × category, and the way to the CKD screens. */
export function CkdManagementPage({ title, viewer }: { title: string; viewer: MeResponse }) {
  const stock = useCkdStock(undefined);
  const screens = SCREENS.flatMap((screen) => {
    const route = SHELL_ROUTES.find((r) => r.path === screen.path);
    return route && viewer.permissions.includes(route.permission) ? [{ ...screen, title: route.title }] : [];
  });
  const canEditCategories = screens.some((s) => s.path === '/ckd/categories');

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={title}
        description={
          viewer.isGlobal
            ? 'Kits in stock at every factory, from the kit ledger.'
            : `Kits in stock at ${viewer.factory ? viewer.factory.name : 'your factory'}, from the kit ledger.`
        }
      />
      <Card>
        <CardHeader>
          <CardTitle>Kits in stock</CardTitle>
          <CardDescription>
            {stock.data && stock.data.rows.length > 0 && stock.data.categories.length > 0
              ? `${kitCount(stock.data.total)} in stock${
                  stock.data.rows.length > 1 ? ` across ${stock.data.rows.length} factories` : ''
                }.`
              : 'Per factory and CKD category.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {stock.isPending ? (
            <div role="status" aria-label="Loading kit stock" className="flex flex-col gap-2">
              {Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} className="h-8 w-full" />
              ))}
            </div>
          ) : stock.isError ? (
            <LoadError what="the kit stock" error={stock.error} onRetry={() => void stock.refetch()} />
          ) : stock.data.rows.length === 0 ? (
            <EmptyState
              headingLevel="h3"
              title="No factory to show"
              description="Kit stock is shown for your factory, and your account has none. Ask an administrator to assign one."
            />
          ) : stock.data.categories.length === 0 ? (
            <EmptyState
              headingLevel="h3"
              title="No CKD categories yet"
              description="Kit stock is kept per CKD category. Add the kit types first."
              action={
                canEditCategories ? (
                  <Link to="/ckd/categories" className={buttonVariants({ variant: 'outline' })}>
                    Open CKD Categories
                  </Link>
                ) : undefined
              }
            />
          ) : (
            <KitStockGrid stock={stock.data} label="Kits in stock per factory and CKD category" />
          )}
        </CardContent>
      </Card>
      {screens.length > 0 ? (
        <nav aria-label="CKD screens">
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {screens.map((screen) => (
              <li key={screen.path}>
                <Link
                  to={screen.path}
                  className="group flex h-full flex-col gap-1 rounded-xl border bg-card p-4 shadow-sm transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50"
                >
                  <span className="flex items-center justify-between font-medium">
                    {screen.title}
                    <ArrowRightIcon
                      className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                      aria-hidden="true"
                    />
                  </span>
                  <span className="text-sm text-muted-foreground">{screen.about}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
