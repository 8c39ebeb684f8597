/**
 * A try the visitor asked for ("Envoyer maintenant") that ends still without an answer stays busy
 * at least this long: pressed offline, the button visibly tries before the page says there is
 * still no connection, instead of flickering.
 */
const PRESSED_TRY_MS = 800;

/** Resolves once a pressed try begun at `started` (`Date.now()`) has lasted `PRESSED_TRY_MS`. */
export function pressedTryLasted(started: number): Promise<void> {
  const left = PRESSED_TRY_MS - (Date.now() - started);
  return left > 0 ? new Promise((resolve) => setTimeout(resolve, left)) : Promise.resolve();
}
