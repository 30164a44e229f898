import { Link, useLocation } from 'react-router';
import { inventoryEntryNumberLabel, type InventoryEntryKind } from '@common/contracts/inventory';
import { useUrlSearchParams } from '@web/lib/use-url-search-params';

/** The search parameter of the entry shown in a dialog: `?entry=<id>`, so the view can be bookmarked. */
const ENTRY_PARAM = 'entry';

/** The entry the URL opens (null when none) and how to close it (the other parameters stay). */
export function useEntryParam(): { entryId: string | null; close: () => void } {
  const [searchParams, setSearchParams] = useUrlSearchParams();
  return {
    entryId: searchParams.get(ENTRY_PARAM) || null,
    close: () =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete(ENTRY_PARAM);
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
  };
}

/** The entry's number as a link opening it in the dialog (`?entry=<id>`, keeping the list's filters). */
export function EntryLink({ entry }: { entry: { id: string; kind: InventoryEntryKind; number: number } }) {
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  search.set(ENTRY_PARAM, entry.id);
  const label = inventoryEntryNumberLabel(entry.kind, entry.number);
  return (
    <Link
      to={{ pathname: location.pathname, search: `?${search.toString()}` }}
      preventScrollReset
      className="font-mono font-medium whitespace-nowrap text-primary underline underline-offset-4"
      aria-label={`Open ${label}`}
    >
      {label}
    </Link>
  );
}
