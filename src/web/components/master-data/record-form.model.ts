/** The words of a dialog that creates a record or edits one (a category, a unit, a partner...). */

export interface RecordFormLabels {
  /** The title of the dialog for a new record, e.g. "New sales category". */
  newTitle: string;
  /** Its submit button, e.g. "Create category". */
  createLabel: string;
  /** What the record is, for the error toasts ("Could not save the sales category"). */
  noun: string;
}

export interface RecordFormTexts {
  title: string;
  submitLabel: string;
  busyText: string;
  errorTitle: string;
}

/** "New unit" / "Create unit" for a new record; "Edit Pieces" / "Save changes" for one being edited. */
export function recordFormTexts(record: { name: string } | null, labels: RecordFormLabels): RecordFormTexts {
  if (!record) {
    return {
      title: labels.newTitle,
      submitLabel: labels.createLabel,
      busyText: 'Creating...',
      errorTitle: `Could not create the ${labels.noun}`,
    };
  }
  return {
    title: `Edit ${record.name}`,
    submitLabel: 'Save changes',
    busyText: 'Saving...',
    errorTitle: `Could not save the ${labels.noun}`,
  };
}

/** The success toast: "Retail created", "Retail saved". */
export function recordSavedMessage(edited: boolean, saved: { name: string }): string {
  return edited ? `${saved.name} saved` : `${saved.name} created`;
}
