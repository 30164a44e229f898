import { useId } from 'react';
import { ChevronLeftIcon, ChevronRightIcon, ChevronsLeftIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Label } from '@web/components/ui/label';
import { NativeSelect } from '@web/components/ui/native-select';
import { pageSizeOptions } from './list-state.model';
import type { ListController } from './use-list-state';

interface PaginationProps {
  list: ListController;
  nextCursor: string | null | undefined;
  label: string;
  disabled: boolean;
}

/** Keyset paging: First page, Previous (back through the pages seen), Next; and the page size. */
export function DataTablePagination({ list, nextCursor, label, disabled }: PaginationProps) {
  const sizeId = useId();
  const onFirstPage = list.state.cursor === undefined;
  return (
    <nav aria-label={`${label} pages`} className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <div className="flex items-center gap-2">
        <Label htmlFor={sizeId} className="font-normal whitespace-nowrap">
          Rows per page
        </Label>
        <NativeSelect
          id={sizeId}
          value={String(list.state.limit)}
          wrapperClassName="w-20"
          onChange={(event) => list.setLimit(Number(event.target.value))}
        >
          {pageSizeOptions(list.state.limit).map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </NativeSelect>
      </div>
      {list.pageNumber !== null ? (
        <span className="text-sm text-muted-foreground" data-testid="data-table-page">
          Page {list.pageNumber}
        </span>
      ) : null}
      <div className="flex items-center gap-1">
        {!onFirstPage ? (
          <Button variant="outline" size="sm" onClick={list.goFirst} disabled={disabled}>
            <ChevronsLeftIcon aria-hidden="true" />
            First page
          </Button>
        ) : null}
        <Button variant="outline" size="sm" onClick={list.goPrevious} disabled={disabled || !list.canGoPrevious}>
          <ChevronLeftIcon aria-hidden="true" />
          Previous
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => (nextCursor ? list.goNext(nextCursor) : undefined)}
          disabled={disabled || !nextCursor}
        >
          Next
          <ChevronRightIcon aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
