import {
  $pendingDeclaration,
  $sendingDeclaration,
  $sentClaimNumber,
  $stillOffline,
  sendWaitingNow,
  watchPendingDeclarations,
} from './pending-declaration.store.ts';

/**
 * The kept declaration's banner and this page's retries, loaded by
 * pending-declaration-start.ts only when a declaration is kept. The retries start on every page; the
 * banner (PendingDeclarationBanner.astro, beside it) is absent on step 5 and the confirmation.
 */

/** Shows the banner's line for the state, and only the controls that go with it. */
function render(banner: HTMLElement): void {
  const record = $pendingDeclaration.get();
  const sending = $sendingDeclaration.get();
  const sentNumber = $sentClaimNumber.get();
  const waiting = $stillOffline.get() ? 'still-offline' : 'waiting';
  const state =
    record?.state === 'refused' ? 'refused' : record ? (sending ? 'sending' : waiting) : sentNumber ? 'sent' : '';
  const focusInside = banner.contains(document.activeElement);
  banner.hidden = state === '';
  for (const line of banner.querySelectorAll<HTMLElement>('[data-pending-state]'))
    line.hidden = line.dataset['pendingState'] !== state;
  const number = banner.querySelector<HTMLElement>('[data-pending-number]');
  if (number) number.textContent = sentNumber;
  const send = banner.querySelector<HTMLButtonElement>('[data-pending-send]');
  const check = banner.querySelector<HTMLElement>('[data-pending-check]');
  const see = banner.querySelector<HTMLElement>('[data-pending-see]');
  if (send) {
    send.hidden = state !== 'waiting' && state !== 'still-offline' && state !== 'sending';
    // Kept in place while sending (the focus stays on it), but not pressed twice.
    send.setAttribute('aria-disabled', String(sending));
  }
  if (check) check.hidden = state !== 'refused';
  if (see) see.hidden = state === 'refused';
  // The button the visitor pressed went away (sent): the focus goes to what replaced it, not to the page's top.
  if (focusInside && !banner.contains(document.activeElement)) (state === 'refused' ? check : see)?.focus();
}

export function startPendingBanner(): void {
  const banner = document.querySelector<HTMLElement>('[data-pending-banner]');
  if (banner) {
    const update = () => render(banner);
    $pendingDeclaration.listen(update);
    $sendingDeclaration.listen(update);
    $sentClaimNumber.listen(update);
    $stillOffline.listen(update);
    banner.querySelector('[data-pending-send]')?.addEventListener('click', () => {
      if (!$sendingDeclaration.get()) void sendWaitingNow({ pressed: true });
    });
  }
  watchPendingDeclarations({ tryNow: true });
}
