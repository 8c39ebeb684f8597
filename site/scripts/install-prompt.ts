import { whenPageStyled } from '../../islands/lib/page-styled.ts';

/**
 * The install-as-app prompt: shown when the browser signals installability, once the page's whole
 * stylesheet has arrived (its rules are not in the page's first response), gone for good once the
 * visitor installs, accepts or dismisses it.
 */
const STORAGE_KEY = 'portal.v1.installPrompt';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const banner = document.querySelector<HTMLElement>('[data-install-prompt]');
let deferred: BeforeInstallPromptEvent | undefined;

function close(choice: string): void {
  localStorage.setItem(STORAGE_KEY, choice);
  deferred = undefined;
  if (banner) banner.hidden = true;
}

/**
 * Shows the offer without covering or moving what the visitor sees. It sits in the page, above the
 * footer, at every width: it appears only while the footer is out of view (below the screen), so
 * nothing on screen shifts; on a short page whose footer is always in view it waits for a later page.
 */
function reveal(offer: HTMLElement): void {
  const watch = new IntersectionObserver(([entry]) => {
    if (!deferred || entry?.isIntersecting) return;
    watch.disconnect();
    offer.hidden = false;
  });
  watch.observe(document.querySelector('body > footer') ?? offer);
}

window.addEventListener('beforeinstallprompt', (event) => {
  event.preventDefault();
  if (localStorage.getItem(STORAGE_KEY) || !banner) return;
  deferred = event as BeforeInstallPromptEvent;
  void whenPageStyled().then(() => reveal(banner));
});
banner?.querySelector('[data-install-dismiss]')?.addEventListener('click', () => close('dismissed'));
banner?.querySelector('[data-install-accept]')?.addEventListener('click', async () => {
  const event = deferred;
  if (!event) return close('dismissed');
  await event.prompt();
  const { outcome } = await event.userChoice;
  close(outcome);
});
window.addEventListener('appinstalled', () => close('installed'));
