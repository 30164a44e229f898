import { describe, expect, it } from 'vitest';
import { splitRowActions } from './row-actions.model';

interface Action {
  label: string;
  variant?: 'default' | 'destructive';
}

const open: Action = { label: 'Open' };
const edit: Action = { label: 'Edit', variant: 'default' };
const remove: Action = { label: 'Delete', variant: 'destructive' };

describe('splitRowActions', () => {
  it('shows the first action and keeps the others in the menu', () => {
    expect(splitRowActions([open, edit, remove])).toEqual({ main: open, more: [edit, remove] });
    expect(splitRowActions([open])).toEqual({ main: open, more: [] });
  });

  it('never makes a destructive action the main one', () => {
    expect(splitRowActions([remove, edit])).toEqual({ main: edit, more: [remove] });
    expect(splitRowActions([remove])).toEqual({ main: undefined, more: [remove] });
  });

  it('has nothing to show for a row without actions', () => {
    expect(splitRowActions([])).toEqual({ main: undefined, more: [] });
  });
});
