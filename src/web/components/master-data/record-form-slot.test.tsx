import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { RecordFormSlot, type RecordFormDialogProps } from './record-form-slot';

interface Unit {
  id: string;
  name: string;
}

function render(editing: Unit | null | undefined) {
  const opened: RecordFormDialogProps<Unit>[] = [];
  const onClose = vi.fn();
  const Dialog = (props: RecordFormDialogProps<Unit>) => {
    opened.push(props);
    return <div role="dialog">{props.record ? `Edit ${props.record.name}` : 'New unit'}</div>;
  };
  const html = renderToStaticMarkup(<RecordFormSlot editing={editing} onClose={onClose} dialog={Dialog} />);
  return { html, opened, onClose };
}

describe('RecordFormSlot', () => {
  it('shows no dialog while the form is closed', () => {
    const { html, opened } = render(undefined);
    expect(html).toBe('');
    expect(opened).toEqual([]);
  });

  it('opens the dialog empty for a new record', () => {
    const { html, opened, onClose } = render(null);
    expect(html).toBe('<div role="dialog">New unit</div>');
    expect(opened).toEqual([{ record: null, onClose }]);
  });

  it('opens the dialog on the record being edited, closing through the list', () => {
    const pieces = { id: 'u1', name: 'Pieces' };
    const { html, opened, onClose } = render(pieces);
    expect(html).toBe('<div role="dialog">Edit Pieces</div>');
    expect(opened).toEqual([{ record: pieces, onClose }]);
    opened[0]?.onClose();
    expect(onClose).toHaveBeenCalledOnce();
  });
});
