/*
 * The dialog's import sits here, a chunk loaded on the first press, so the list of the dialog's
 * chunks to preload (nine hashed names) does not weigh on the wizards' first screens.
 */
export function loadLabelScannerDialog() {
  return import('./label-scanner-dialog').then((m) => ({ default: m.LabelScannerDialog }));
}
