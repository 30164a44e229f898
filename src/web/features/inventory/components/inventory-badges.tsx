import { AlertTriangleIcon } from 'lucide-react';
import { Badge } from '@web/components/ui/badge';

/** Marks stock below the reorder level (in words, not only colour). */
export function LowStockBadge() {
  return (
    <Badge variant="outline" className="border-amber-600/40 bg-amber-50 text-amber-900">
      <AlertTriangleIcon aria-hidden="true" />
      Low stock
    </Badge>
  );
}

export function ActiveBadge({ active }: { active: boolean }) {
  return active ? <Badge variant="success">Active</Badge> : <Badge variant="secondary">Inactive</Badge>;
}
