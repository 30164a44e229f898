import { toast } from 'sonner';
import { dayLabel } from '@common/calendar-days';
import type { SalesPrice } from '@common/contracts/sales';
import { ConfirmDialog } from '@web/components/form/confirm-dialog';
import { useWithdrawSalesPrice } from '../api/withdraw-sales-price';
import { priceLabel } from './price-grid.model';

/** Asks before withdrawing a scheduled price; the price in force before it stays in force. */
export function WithdrawPriceDialog({ price, onClose }: { price: SalesPrice | null; onClose: () => void }) {
  const { mutateAsync: withdraw } = useWithdrawSalesPrice();
  return (
    <ConfirmDialog
      open={price !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Withdraw this scheduled price?"
      description={
        price
          ? `${priceLabel(price)} for ${price.package.name}, ${price.category.name}, from ${dayLabel(price.effectiveFrom)} will not take effect. The price in force before it stays in force.`
          : ''
      }
      confirmLabel="Withdraw"
      busyLabel="Withdrawing..."
      errorTitle="Could not withdraw the price"
      onConfirm={async () => {
        if (!price) return;
        await withdraw(price.id);
        toast.success(`Price from ${dayLabel(price.effectiveFrom)} withdrawn`);
      }}
    />
  );
}
