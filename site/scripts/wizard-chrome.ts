/**
 * The wizard's back and quit buttons (spec 1 §2 "Wizard chrome"). Back follows the browser's
 * history when the visitor came from this site, else opens the previous step. Quit asks in a
 * native modal dialog (focus kept inside, Escape closes, focus returns to the button).
 */
const back = document.querySelector<HTMLButtonElement>('[data-wizard-back]');
back?.addEventListener('click', () => {
  const fromHere = document.referrer !== '' && new URL(document.referrer).origin === window.location.origin;
  if (fromHere && window.history.length > 1) window.history.back();
  else window.location.assign(back.dataset['fallback'] ?? '/');
});

const dialog = document.querySelector<HTMLDialogElement>('#quit-dialog');
document.querySelector('[data-wizard-quit]')?.addEventListener('click', () => dialog?.showModal());
dialog?.querySelector('[data-quit-cancel]')?.addEventListener('click', () => dialog.close());
// A click on the backdrop (outside the dialog's box) answers 'Non'.
dialog?.addEventListener('click', (event) => {
  if (event.target === dialog) dialog.close();
});
