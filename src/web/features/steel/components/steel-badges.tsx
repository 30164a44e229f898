import { AlertTriangleIcon } from 'lucide-react';
import { Badge } from '@web/components/ui/badge';

/** Marks stock below the reorder level (words, not only colour). */
export function BelowReorderBadge({ label = 'Below reorder level' }: { label?: string }) {
  return (
    <Badge variant="outline" className="border-amber-600/40 bg-amber-50 text-amber-900">
      <AlertTriangleIcon aria-hidden="true" />
      {label}
    </Badge>
  );
}

export function ActiveBadge({ active }: { active: boolean }) {
  return active ? <Badge variant="success">Active</Badge> : <Badge variant="secondary">Inactive</Badge>;
}
