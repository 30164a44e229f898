import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRightIcon, type LucideIcon, FactoryIcon, ReceiptTextIcon, TruckIcon, WalletIcon } from 'lucide-react';
import { counted } from '@common/counted';
import type { Dashboard } from '@common/contracts/dashboards';
import { formatMoney } from '@common/contracts/sales';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import type { DashboardLinks } from './dashboard.model';

const linkClass =
  'inline-flex w-fit items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:underline';

/** The four figures of the morning glance, each leading to the screen behind it. */
export function DashboardCards({ dashboard, links }: { dashboard: Dashboard; links: DashboardLinks }) {
  const { coupled, sold, revenue, pendingTransfers } = dashboard;
  return (
    <section aria-label="Today and this month" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <FigureCard
        title="Stoves coupled today"
        icon={FactoryIcon}
        testId="coupled"
        link={links.production ? { to: links.production, text: 'Production reports' } : null}
      >
        <Figure value={coupled.today} />
        <p className="text-sm text-muted-foreground">{counted(coupled.thisMonth, 'stove')} this month.</p>
      </FigureCard>

      <FigureCard
        title="Stoves sold today"
        icon={ReceiptTextIcon}
        testId="sold"
        link={links.sales ? { to: links.sales, text: 'Sales' } : null}
      >
        <Figure value={sold.today} />
        <p className="text-sm text-muted-foreground">
          {counted(sold.ordersToday, 'order')} today; {counted(sold.thisMonth, 'stove')} on{' '}
          {counted(sold.ordersThisMonth, 'order')} this month.
        </p>
      </FigureCard>

      <FigureCard
        title="Revenue this month"
        icon={WalletIcon}
        testId="revenue"
        link={links.sales ? { to: links.sales, text: 'Sales' } : null}
      >
        {revenue.length === 0 ? (
          <>
            <Figure value={0} />
            <p className="text-sm text-muted-foreground">No sales this month yet.</p>
          </>
        ) : (
          <ul className="flex flex-col gap-1" aria-label="Revenue per currency">
            {revenue.map((r) => (
              <li key={r.currency} className="text-2xl font-semibold tabular-nums">
                {formatMoney(r.amount, r.currency)}
              </li>
            ))}
          </ul>
        )}
        <p className="text-sm text-muted-foreground">Per currency, never converted; canceled orders left out.</p>
      </FigureCard>

      <FigureCard
        title="Pending stove transfers"
        icon={TruckIcon}
        testId="pending-transfers"
        link={links.transfers ? { to: links.transfers, text: 'Transfer confirmations' } : null}
      >
        <Figure value={pendingTransfers.total} />
        <p className="text-sm text-muted-foreground">
          {dashboard.scope === 'all'
            ? 'Waiting for the receiving factory.'
            : `${pendingTransfers.toConfirm.toLocaleString('en-US')} to confirm here, ${(
                pendingTransfers.total - pendingTransfers.toConfirm
              ).toLocaleString('en-US')} sent from here.`}
        </p>
      </FigureCard>
    </section>
  );
}

function Figure({ value }: { value: number }) {
  return <p className="text-3xl font-semibold tabular-nums">{value.toLocaleString('en-US')}</p>;
}

function FigureCard({
  title,
  icon: Icon,
  testId,
  link,
  children,
}: {
  title: string;
  icon: LucideIcon;
  testId: string;
  link: { to: string; text: string } | null;
  children: ReactNode;
}) {
  return (
    <Card className="gap-2 py-4" data-testid={testId}>
      <CardHeader className="flex-row items-center justify-between gap-2 px-4">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
        <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-1 px-4">
        {children}
        {link ? (
          <Link to={link.to} className={`${linkClass} mt-auto pt-2`} aria-label={`${title}: open ${link.text}`}>
            {link.text}
            <ArrowRightIcon className="size-3.5" aria-hidden="true" />
          </Link>
        ) : null}
      </CardContent>
    </Card>
  );
}
