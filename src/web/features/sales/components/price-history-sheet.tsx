import { useState } from 'react';
import { UndoIcon } from 'lucide-react';
import type { SalesPrice } from '@common/contracts/sales';
import { Button } from '@web/components/ui/button';
import { Loading } from '@web/components/ui/loading';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@web/components/ui/sheet';
import { errorMessage } from '@web/lib/api-client';
import { formatDateTime } from '@web/lib/format';
import { useSalesPrices } from '../api/get-sales-prices';
import type { GridCategory, GridPackage } from './price-grid.model';
import { priceLabel } from './price-grid.model';
import { PricePeriod } from './price-period';
import { PriceStateBadge } from './sales-badges';
import { WithdrawPriceDialog } from './withdraw-price-dialog';

/** The newest 200 prices of a cell: more than years of changes. */
const CELL_HISTORY_LIMIT = 200;

/** Every price of one package for one category, newest date first; a scheduled one can be withdrawn. */
export function PriceHistorySheet({
  pkg,
  category,
  onClose,
}: {
  pkg: GridPackage;
  category: GridCategory;
  onClose: () => void;
}) {
  const history = useSalesPrices({ packageId: pkg.id, categoryId: category.id, limit: CELL_HISTORY_LIMIT });
  const [withdrawing, setWithdrawing] = useState<SalesPrice | null>(null);
  return (
    <Sheet open onOpenChange={(open) => (open ? undefined : onClose())}>
      <SheetContent side="right" className="w-full overflow-y-auto sm:max-w-md">
        <SheetHeader className="pr-10">
          <SheetTitle>
            {pkg.name} · {category.name}
          </SheetTitle>
          <SheetDescription>
            Every price set for this package and category. A price runs until the day before the next one; a scheduled
            price can be withdrawn before it takes effect.
          </SheetDescription>
        </SheetHeader>
        <div className="flex flex-col gap-3 px-4 pb-4">
          {history.isPending ? (
            <Loading label="Loading the price history..." />
          ) : history.error ? (
            <div role="alert" className="flex flex-col items-start gap-2 text-sm">
              <p>Could not load the price history. {errorMessage(history.error)}</p>
              <Button variant="outline" size="sm" onClick={() => void history.refetch()}>
                Retry
              </Button>
            </div>
          ) : history.data.items.length === 0 ? (
            <p className="text-sm text-muted-foreground">No price has been set for this package and category yet.</p>
          ) : (
            <ol className="flex flex-col gap-3" aria-label="Price history">
              {history.data.items.map((price) => (
                <li key={price.id} className="flex flex-col gap-2 rounded-md border p-3 text-sm">
                  <div className="flex items-start justify-between gap-2">
                    <p className="text-base font-semibold tabular-nums">{priceLabel(price)}</p>
                    <PriceStateBadge state={price.state} />
                  </div>
                  <PricePeriod price={price} />
                  {price.note ? <p className="text-muted-foreground">{price.note}</p> : null}
                  <p className="text-xs text-muted-foreground">
                    Set {formatDateTime(price.createdAt)}
                    {price.createdBy ? ` by ${price.createdBy.name ?? price.createdBy.email}` : ''}
                  </p>
                  {price.state === 'scheduled' ? (
                    <Button
                      variant="outline"
                      size="sm"
                      className="self-start"
                      aria-label={`Withdraw the price of ${priceLabel(price)} from ${price.effectiveFrom}`}
                      onClick={() => setWithdrawing(price)}
                    >
                      <UndoIcon aria-hidden="true" />
                      Withdraw
                    </Button>
                  ) : null}
                </li>
              ))}
            </ol>
          )}
        </div>
      </SheetContent>
      <WithdrawPriceDialog price={withdrawing} onClose={() => setWithdrawing(null)} />
    </Sheet>
  );
}
