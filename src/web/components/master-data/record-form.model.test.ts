import { describe, expect, it } from 'vitest';
import { recordFormTexts, recordSavedMessage } from './record-form.model';

const LABELS = { newTitle: 'New sales category', createLabel: 'Create category', noun: 'sales category' };

describe('recordFormTexts', () => {
  it('names a new record with the labels given', () => {
    expect(recordFormTexts(null, LABELS)).toEqual({
      title: 'New sales category',
      submitLabel: 'Create category',
      busyText: 'Creating...',
      errorTitle: 'Could not create the sales category',
    });
  });

  it('names the record being edited and saves changes', () => {
    expect(recordFormTexts({ name: 'Retail' }, LABELS)).toEqual({
      title: 'Edit Retail',
      submitLabel: 'Save changes',
      busyText: 'Saving...',
      errorTitle: 'Could not save the sales category',
    });
  });
});

describe('recordSavedMessage', () => {
  it('says created for a new record and saved for an edited one, with the name the server gave back', () => {
    expect(recordSavedMessage(false, { name: 'Retail' })).toBe('Retail created');
    expect(recordSavedMessage(true, { name: 'Retail shops' })).toBe('Retail shops saved');
  });
});
