import type { LucideIcon } from 'lucide-react';
import { MoreHorizontalIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';

export interface DataTableRowAction {
  label: string;
  onSelect: () => void;
  icon?: LucideIcon;
  variant?: 'default' | 'destructive';
  disabled?: boolean;
}

/** The "…" menu of one row; its button is named "Actions for <row>". */
export function DataTableRowActions({
  rowLabel,
  actions,
}: {
  rowLabel: string;
  actions: readonly DataTableRowAction[];
}) {
  if (actions.length === 0) return null;
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="size-8" aria-label={`Actions for ${rowLabel}`}>
          <MoreHorizontalIcon aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        {actions.map(({ label, onSelect, icon: Icon, variant, disabled }) => (
          <DropdownMenuItem key={label} onSelect={onSelect} variant={variant} disabled={disabled}>
            {Icon ? <Icon aria-hidden="true" /> : null}
            {label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
