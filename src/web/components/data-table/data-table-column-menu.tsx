import { Columns3Icon } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';

interface ColumnMenuProps {
  columns: readonly { id: string; header: string }[];
  hidden: readonly string[];
  onHiddenChange: (hidden: string[]) => void;
}

/** "Columns": show or hide the hideable columns (at least one stays visible). */
export function DataTableColumnMenu({ columns, hidden, onHiddenChange }: ColumnMenuProps) {
  const visibleCount = columns.filter((c) => !hidden.includes(c.id)).length;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm">
          <Columns3Icon aria-hidden="true" />
          Columns
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>Show columns</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {columns.map((column) => {
          const visible = !hidden.includes(column.id);
          return (
            <DropdownMenuCheckboxItem
              key={column.id}
              checked={visible}
              disabled={visible && visibleCount === 1}
              onSelect={(event) => event.preventDefault()}
              onCheckedChange={(checked) =>
                onHiddenChange(checked ? hidden.filter((id) => id !== column.id) : [...hidden, column.id])
              }
            >
              {column.header}
            </DropdownMenuCheckboxItem>
          );
        })}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
