import type { ReactNode } from 'react';
import { PlusIcon } from 'lucide-react';
import { Button } from '@web/components/ui/button';

/** "New category", "New unit"...: opens the form for a new record (in the list's toolbar and its empty state). */
export function NewRecordButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button size="sm" onClick={onClick}>
      <PlusIcon aria-hidden="true" />
      {children}
    </Button>
  );
}
