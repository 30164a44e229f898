import { PencilIcon, PowerIcon, PowerOffIcon, Trash2Icon } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';
import { recordRowActions } from './record-actions.model';

interface Category {
  id: string;
  name: string;
  active: boolean;
  priceCount: number;
}

const RETAIL: Category = { id: 'c1', name: 'Retail', active: true, priceCount: 0 };
const OLD: Category = { id: 'c2', name: 'Old channel', active: false, priceCount: 3 };

function handlers() {
  return { edit: vi.fn(), changeStatus: vi.fn(), delete: vi.fn() };
}

/** The menu as the user sees it: label, icon and colour. */
function shown(actions: ReturnType<typeof recordRowActions>) {
  return actions.map(({ label, icon, variant }) => ({ label, icon, variant }));
}

describe('recordRowActions', () => {
  it('offers Edit and Deactivate (in red) for an active record, and no Delete unless asked', () => {
    expect(shown(recordRowActions(RETAIL, handlers()))).toEqual([
      { label: 'Edit', icon: PencilIcon, variant: undefined },
      { label: 'Deactivate', icon: PowerOffIcon, variant: 'destructive' },
    ]);
  });

  it('offers Reactivate instead for an inactive record', () => {
    expect(shown(recordRowActions(OLD, handlers()))).toEqual([
      { label: 'Edit', icon: PencilIcon, variant: undefined },
      { label: 'Reactivate', icon: PowerIcon, variant: undefined },
    ]);
  });

  it('offers Delete (in red) only for the records `deletable` accepts', () => {
    const unpriced = (c: Category) => c.priceCount === 0;
    expect(recordRowActions(RETAIL, handlers(), { deletable: unpriced }).map((a) => a.label)).toEqual([
      'Edit',
      'Deactivate',
      'Delete',
    ]);
    expect(recordRowActions(OLD, handlers(), { deletable: unpriced }).map((a) => a.label)).toEqual([
      'Edit',
      'Reactivate',
    ]);
    expect(shown(recordRowActions(RETAIL, handlers(), { deletable: () => true })).at(-1)).toEqual({
      label: 'Delete',
      icon: Trash2Icon,
      variant: 'destructive',
    });
  });

  it('shows Deactivate as a plain item when asked', () => {
    const deactivate = recordRowActions(RETAIL, handlers(), { deactivateVariant: 'default' })[1];
    expect(deactivate).toMatchObject({ label: 'Deactivate', variant: 'default' });
  });

  it('opens the form, the status confirmation or the delete confirmation for the row', () => {
    const open = handlers();
    const [edit, deactivate, remove] = recordRowActions(RETAIL, open, { deletable: () => true });
    edit?.onSelect();
    expect(open.edit).toHaveBeenCalledWith(RETAIL);
    deactivate?.onSelect();
    expect(open.changeStatus).toHaveBeenCalledWith({ record: RETAIL, action: 'deactivate' });
    remove?.onSelect();
    expect(open.delete).toHaveBeenCalledWith(RETAIL);

    recordRowActions(OLD, open)[1]?.onSelect();
    expect(open.changeStatus).toHaveBeenLastCalledWith({ record: OLD, action: 'reactivate' });
  });
});
