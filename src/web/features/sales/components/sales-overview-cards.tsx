import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowDownRightIcon, ArrowUpRightIcon, MinusIcon } from 'lucide-react';
import { counted } from '@common/counted';
import { formatMoney } from '@common/contracts/sales';
import type { SalesOverview } from '@common/contracts/sales-orders';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { cn } from '@web/lib/utils';
import {
  CANCELED_SALES_PATH,
  changeOnLastMonth,
  monthSoFar,
  readyToSellTotal,
  revenueByCurrency,
  validatedStoveIdsHref,
  type Change,
} from './sales-overview.model';

const linkClass = 'text-primary underline underline-offset-4';

/**
 * The four figures of a morning glance: stoves sold, revenue and orders this month (each against
 * last month), and the validated stoves ready to sell per factory.
 */
export function SalesOverviewCards({
  overview,
  canOpenCanceledSales,
  canOpenStoveIds,
}: {
  overview: SalesOverview;
  canOpenCanceledSales: boolean;
  canOpenStoveIds: boolean;
}) {
  const { thisMonth, lastMonth } = overview;
  const soFar = monthSoFar(overview.date);
  const revenue = revenueByCurrency(overview);
  const ready = readyToSellTotal(overview);
  return (
    <section aria-label="This month" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <FigureCard title="Stoves sold this month" testId="stoves-sold">
        <p className="text-2xl font-semibold tabular-nums">{thisMonth.stoves.toLocaleString('en-US')}</p>
        <ChangeLine change={changeOnLastMonth(thisMonth.stoves, lastMonth.stoves)} />
        <p className="text-sm text-muted-foreground">
          {thisMonth.stoves === 0 ? 'No sales yet this month. ' : ''}
          {soFar}; same days last month {counted(lastMonth.stoves, 'stove')}.
        </p>
      </FigureCard>

      <FigureCard title="Revenue this month" testId="revenue">
        {revenue.length === 0 ? (
          <>
            <p className="text-2xl font-semibold tabular-nums">0</p>
            <p className="text-sm text-muted-foreground">No revenue this month or last.</p>
          </>
        ) : (
          <ul className="flex flex-col gap-2" aria-label="Revenue per currency">
            {revenue.map((r) => (
              <li key={r.currency} className="flex flex-col gap-0.5">
                <span className="text-2xl font-semibold tabular-nums">{formatMoney(r.amount, r.currency)}</span>
                <ChangeLine change={r.change} />
                <span className="text-sm text-muted-foreground">
                  Same days last month {formatMoney(r.lastMonth, r.currency)}.
                </span>
              </li>
            ))}
          </ul>
        )}
      </FigureCard>

      <FigureCard title="Orders this month" testId="orders">
        <p className="text-2xl font-semibold tabular-nums">{thisMonth.orders.toLocaleString('en-US')}</p>
        <ChangeLine change={changeOnLastMonth(thisMonth.orders, lastMonth.orders)} />
        <p className="text-sm text-muted-foreground">
          {thisMonth.canceled === 0 ? (
            'None canceled'
          ) : canOpenCanceledSales ? (
            <Link to={CANCELED_SALES_PATH} className={linkClass}>
              {thisMonth.canceled.toLocaleString('en-US')} canceled
            </Link>
          ) : (
            `${thisMonth.canceled.toLocaleString('en-US')} canceled`
          )}
          ; same days last month {counted(lastMonth.orders, 'order')}.
        </p>
      </FigureCard>

      <FigureCard title="Ready to sell" testId="ready-to-sell">
        <p className="text-2xl font-semibold tabular-nums">{ready.toLocaleString('en-US')}</p>
        <p className="text-sm text-muted-foreground">Validated stoves, not sold yet.</p>
        {overview.readyToSell.length === 0 ? (
          <p className="text-sm text-muted-foreground">No active factory to show.</p>
        ) : (
          <ul className="mt-1 flex flex-col divide-y text-sm" aria-label="Ready to sell per factory">
            {overview.readyToSell.map(({ factory, stoves }) => (
              <li key={factory.id} className="flex items-center justify-between gap-3 py-1.5">
                <span className="min-w-0 truncate" title={factory.name}>
                  {factory.name}
                </span>
                {canOpenStoveIds && stoves > 0 ? (
                  <Link
                    to={validatedStoveIdsHref(factory.id)}
                    className={cn(linkClass, 'shrink-0 tabular-nums')}
                    aria-label={`${counted(stoves, 'validated stove')} at ${factory.name}: open the stove IDs`}
                  >
                    {stoves.toLocaleString('en-US')}
                  </Link>
                ) : (
                  <span className="shrink-0 tabular-nums">{stoves.toLocaleString('en-US')}</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </FigureCard>
    </section>
  );
}

function FigureCard({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Card className="gap-2 py-4" data-testid={testId}>
      <CardHeader className="px-4">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-1 px-4">{children}</CardContent>
    </Card>
  );
}

const CHANGE_ICON = {
  up: ArrowUpRightIcon,
  down: ArrowDownRightIcon,
  same: MinusIcon,
  new: ArrowUpRightIcon,
  none: MinusIcon,
} as const;

/** "+12% on last month" with an arrow (the words carry the meaning; the colour only helps). */
function ChangeLine({ change }: { change: Change }) {
  const Icon = CHANGE_ICON[change.direction];
  return (
    <p
      className={cn(
        'flex items-center gap-1 text-sm font-medium',
        change.direction === 'up' || change.direction === 'new'
          ? 'text-[oklch(0.42_0.1_150)]'
          : change.direction === 'down'
            ? 'text-[oklch(0.48_0.15_40)]'
            : 'text-muted-foreground',
      )}
    >
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      {change.text}
    </p>
  );
}
