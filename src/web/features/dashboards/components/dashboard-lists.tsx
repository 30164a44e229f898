import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArrowRightIcon } from 'lucide-react';
import { counted } from '@common/counted';
import type { Dashboard } from '@common/contracts/dashboards';
import { formatInventoryQuantity } from '@common/contracts/inventory';
import { formatSteelQuantity } from '@common/contracts/steel';
import { transferNumberLabel } from '@common/contracts/stove-ids';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table';
import { formatDateTime } from '@web/lib/format';
import { waitingFor, type DashboardLinks } from './dashboard.model';

const linkClass = 'text-primary underline-offset-4 hover:underline focus-visible:underline';

function ListCard({
  title,
  description,
  link,
  testId,
  children,
}: {
  title: string;
  description: ReactNode;
  link: { to: string; text: string } | null;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card className="min-w-0 gap-3 py-4" data-testid={testId}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2 px-4">
        <div className="flex min-w-0 flex-col gap-1">
          <CardTitle className="text-base">{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </div>
        {link ? (
          <Link to={link.to} className={`${linkClass} inline-flex items-center gap-1 text-sm font-medium`}>
            {link.text}
            <ArrowRightIcon className="size-3.5" aria-hidden="true" />
          </Link>
        ) : null}
      </CardHeader>
      <CardContent className="px-4">{children}</CardContent>
    </Card>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-md border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">{children}</p>
  );
}

/** The latest pending transfers: number, from → to, IDs, how long they have waited. */
export function PendingTransfersList({
  dashboard,
  links,
  now,
}: {
  dashboard: Dashboard;
  links: DashboardLinks;
  now: Date;
}) {
  const { total, latest } = dashboard.pendingTransfers;
  return (
    <ListCard
      title="Pending stove transfers"
      testId="pending-transfers-list"
      description={
        total === 0
          ? 'Nothing waiting.'
          : total > latest.length
            ? `The latest ${latest.length} of ${total.toLocaleString('en-US')}.`
            : `${counted(total, 'transfer')} waiting for the receiving factory.`
      }
      link={links.transfers ? { to: links.transfers, text: 'All confirmations' } : null}
    >
      {latest.length === 0 ? (
        <Empty>No stove transfer is waiting for confirmation.</Empty>
      ) : (
        <Table aria-label="Latest pending transfers" containerLabel="Latest pending transfers">
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Transfer</TableHead>
              <TableHead scope="col">From → to</TableHead>
              <TableHead scope="col" className="text-right">
                IDs
              </TableHead>
              <TableHead scope="col" className="text-right">
                Waiting
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {latest.map((t) => {
              const href = links.transfer(t.id);
              const label = transferNumberLabel(t.number);
              return (
                <TableRow key={t.id}>
                  <TableHead scope="row" className="font-medium">
                    {href ? (
                      <Link to={href} className={linkClass}>
                        {label}
                      </Link>
                    ) : (
                      label
                    )}
                  </TableHead>
                  <TableCell className="whitespace-nowrap">
                    <abbr title={t.from.name} className="no-underline">
                      {t.from.code}
                    </abbr>{' '}
                    →{' '}
                    <abbr title={t.to.name} className="no-underline">
                      {t.to.code}
                    </abbr>
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{t.idCount.toLocaleString('en-US')}</TableCell>
                  <TableCell className="text-right whitespace-nowrap">
                    <time dateTime={t.createdAt} title={formatDateTime(t.createdAt)}>
                      {waitingFor(t.createdAt, now)}
                    </time>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </ListCard>
  );
}

/** Kits in stock per factory × CKD category, with totals. */
export function KitStockTable({ dashboard, links }: { dashboard: Dashboard; links: DashboardLinks }) {
  const { categories, rows, totals, total } = dashboard.kitStock;
  const showTotals = rows.length > 1;
  return (
    <ListCard
      title="Kit stock by factory"
      testId="kit-stock"
      description={
        rows.length === 0 || categories.length === 0 ? 'CKD kits per factory.' : `${counted(total, 'kit')} in stock.`
      }
      link={links.kits ? { to: links.kits, text: 'CKD' } : null}
    >
      {rows.length === 0 || categories.length === 0 ? (
        <Empty>No kit stock to show yet.</Empty>
      ) : (
        <Table aria-label="Kits in stock per factory and CKD category" containerLabel="Kit stock by factory">
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Factory</TableHead>
              {categories.map((c) => (
                <TableHead key={c.id} scope="col" className="text-right">
                  <abbr title={`${c.name} (${c.stoveModel})`} className="no-underline">
                    {c.code}
                  </abbr>
                </TableHead>
              ))}
              <TableHead scope="col" className="text-right">
                Total
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.factory.id}>
                <TableHead scope="row" className="font-normal">
                  <span title={row.factory.name}>{row.factory.code}</span>
                  <span className="sr-only"> {row.factory.name}</span>
                </TableHead>
                {categories.map((c) => (
                  <TableCell key={c.id} className="text-right tabular-nums">
                    {(row.quantities[c.id] ?? 0).toLocaleString('en-US')}
                  </TableCell>
                ))}
                <TableCell className="text-right font-medium tabular-nums">
                  {row.total.toLocaleString('en-US')}
                </TableCell>
              </TableRow>
            ))}
            {showTotals ? (
              <TableRow className="bg-muted/40">
                <TableHead scope="row">All factories</TableHead>
                {categories.map((c) => (
                  <TableCell key={c.id} className="text-right font-medium tabular-nums">
                    {(totals[c.id] ?? 0).toLocaleString('en-US')}
                  </TableCell>
                ))}
                <TableCell className="text-right font-semibold tabular-nums">{total.toLocaleString('en-US')}</TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      )}
    </ListCard>
  );
}

interface LowRow {
  key: string;
  name: string;
  factory: { name: string; code: string };
  stock: string;
  reorderLevel: string;
}

function LowStockTable({ label, rows }: { label: string; rows: readonly LowRow[] }) {
  return (
    <Table aria-label={label} containerLabel={label}>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Item</TableHead>
          <TableHead scope="col">Factory</TableHead>
          <TableHead scope="col" className="text-right">
            Stock
          </TableHead>
          <TableHead scope="col" className="text-right">
            Reorder level
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.key}>
            <TableHead scope="row" className="font-normal">
              {r.name}
            </TableHead>
            <TableCell>
              <abbr title={r.factory.name} className="no-underline">
                {r.factory.code}
              </abbr>
            </TableCell>
            <TableCell className="text-right font-medium whitespace-nowrap text-amber-800 tabular-nums">
              {r.stock}
            </TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">{r.reorderLevel}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

const moreThan = (shown: number, total: number, capped = false) =>
  total > shown ? `The ${shown} lowest of ${total.toLocaleString('en-US')}${capped ? '+' : ''}.` : null;

/** Steel below its category's reorder level, per factory. */
export function LowSteelList({ dashboard, links }: { dashboard: Dashboard; links: DashboardLinks }) {
  const { total, rows } = dashboard.lowSteel;
  return (
    <ListCard
      title="Steel below reorder level"
      testId="low-steel"
      description={
        total === 0
          ? 'Every steel category is at or above its reorder level.'
          : (moreThan(rows.length, total) ?? counted(total, 'balance') + ' to reorder.')
      }
      link={links.steel ? { to: links.steel, text: 'Steel overview' } : null}
    >
      {rows.length === 0 ? (
        <Empty>Nothing below its reorder level.</Empty>
      ) : (
        <LowStockTable
          label="Steel below reorder level"
          rows={rows.map((r) => ({
            key: `${r.category.id}:${r.factory.id}`,
            name: r.category.name,
            factory: r.factory,
            stock: formatSteelQuantity(r.quantity, r.category.unit),
            reorderLevel: formatSteelQuantity(r.reorderLevel, r.category.unit),
          }))}
        />
      )}
    </ListCard>
  );
}

/** Inventory items below their reorder level, per factory. */
export function LowInventoryList({ dashboard, links }: { dashboard: Dashboard; links: DashboardLinks }) {
  const { total, totalCapped, rows } = dashboard.lowInventory;
  return (
    <ListCard
      title="Inventory below reorder level"
      testId="low-inventory"
      description={
        total === 0
          ? 'Every item is at or above its reorder level.'
          : (moreThan(rows.length, total, totalCapped) ?? `${counted(total, 'item balance')} to reorder.`)
      }
      link={links.inventory ? { to: links.inventory, text: 'Inventory' } : null}
    >
      {rows.length === 0 ? (
        <Empty>Nothing below its reorder level.</Empty>
      ) : (
        <LowStockTable
          label="Inventory below reorder level"
          rows={rows.map((r) => ({
            key: `${r.item.id}:${r.factory.id}`,
            name: r.item.name,
            factory: r.factory,
            stock: formatInventoryQuantity(r.quantity, r.unitSymbol),
            reorderLevel: formatInventoryQuantity(r.reorderLevel, r.unitSymbol),
          }))}
        />
      )}
    </ListCard>
  );
}
