/**
 * DeleteRecordDialog, with ConfirmDialog's props recorded on the way through (its alert dialog
 * renders in a portal, which the server-side render leaves out) and the toasts caught.
 */
import type { ComponentProps } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConfirmDialog } from './confirm-dialog';
import { DeleteRecordDialog } from './delete-record-dialog';

const confirms = vi.hoisted(() => ({ props: [] as ComponentProps<typeof ConfirmDialog>[] }));
const toasts = vi.hoisted(() => ({ success: vi.fn() }));

vi.mock('./confirm-dialog', () => ({
  ConfirmDialog: (props: ComponentProps<typeof ConfirmDialog>) => {
    confirms.props.push(props);
    return null;
  },
}));
vi.mock('sonner', () => ({ toast: toasts }));

beforeEach(() => {
  confirms.props = [];
  toasts.success.mockReset();
});

const PIECES = { id: 'u1', name: 'Pieces' };

function render(record: typeof PIECES | null, remove = vi.fn(() => Promise.resolve())) {
  const onClose = vi.fn();
  renderToStaticMarkup(
    <DeleteRecordDialog
      record={record}
      onClose={onClose}
      noun="the unit"
      description="A unit can be deleted only while no item is measured in it."
      errorTitle="Could not delete Pieces"
      remove={remove}
    />,
  );
  const props = confirms.props.at(-1);
  if (!props) throw new Error('No confirmation rendered');
  return { props, onClose, remove };
}

describe('DeleteRecordDialog', () => {
  it('asks before deleting the record, in red, with the words given', () => {
    const { props } = render(PIECES);
    expect(props).toMatchObject({
      open: true,
      title: 'Delete Pieces?',
      description: 'A unit can be deleted only while no item is measured in it.',
      confirmLabel: 'Delete',
      busyLabel: 'Deleting...',
      errorTitle: 'Could not delete Pieces',
    });
    expect(props.destructive).not.toBe(false);
  });

  it('is closed without a record, and names it by its noun meanwhile', () => {
    const { props } = render(null);
    expect(props.open).toBe(false);
    expect(props.title).toBe('Delete the unit?');
  });

  it('deletes the record on confirming and says so', async () => {
    const { props, remove } = render(PIECES);
    await props.onConfirm();
    expect(remove).toHaveBeenCalledWith('u1');
    expect(toasts.success).toHaveBeenCalledWith('Pieces deleted');
  });

  it('lets a refusal through to the confirmation, which keeps the dialog open with the error', async () => {
    const refused = new Error('The unit is in use');
    const { props } = render(
      PIECES,
      vi.fn(() => Promise.reject(refused)),
    );
    await expect(props.onConfirm()).rejects.toBe(refused);
    expect(toasts.success).not.toHaveBeenCalled();
  });

  it('closes when the confirmation closes', () => {
    const { props, onClose } = render(PIECES);
    props.onOpenChange(false);
    expect(onClose).toHaveBeenCalledOnce();
  });
});
