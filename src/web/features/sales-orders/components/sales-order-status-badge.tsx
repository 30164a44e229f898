import { SALES_ORDER_STATUS_LABELS, type SalesOrderStatus } from '@common/contracts/sales-orders';
import { Badge } from '@web/components/ui/badge';
import { cn } from '@web/lib/utils';

const TONE: Record<SalesOrderStatus, string> = {
  completed: 'border-transparent bg-[oklch(0.95_0.05_150)] text-[oklch(0.38_0.1_150)]',
  canceled: 'border-transparent bg-[oklch(0.95_0.04_25)] text-[oklch(0.45_0.15_25)]',
};

/** An order's status as a coloured badge (the text carries the meaning; colour only helps). */
export function SalesOrderStatusBadge({ status }: { status: SalesOrderStatus }) {
  return (
    <Badge variant="outline" className={cn(TONE[status])}>
      {SALES_ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}
