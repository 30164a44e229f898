/** An open layer over the page that holds the focus: a dialog, a popover (a non-modal dialog), a menu, a list box. */
const LAYER = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]';

/**
 * Gives a field the focus as it appears (one that asks for it, e.g. a scan field), unless the user
 * is in a layer elsewhere: e.g. the header's bell, opened while the page was loading, which taking
 * the focus away would close.
 */
export function focusAsItAppears(element: HTMLElement | null, options?: FocusOptions): void {
  if (!element) return;
  const layer = document.activeElement?.closest(LAYER);
  if (layer && !layer.contains(element)) return;
  element.focus(options);
}
