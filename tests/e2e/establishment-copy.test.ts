import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INSURER_TIME_ZONE } from '../../contracts/time-zone.ts';
import { getDemoGuarantee } from '../../server/demo/records/guarantees.ts';
import { dayFromToday } from './declaration-journey.ts';
import { ARTEFACTS_DIR, openVisitor, setUpMailingPortal, signInStaff } from './harness.ts';

/**
 * Step 5's copy box, end to end: a claimant declares a cancellation in the wizard with the box
 * ticked, the booking establishment receives the copy at the harness's SMTP server, and staff see
 * on the claim page that it was sent, when and where.
 */

const suite = setUpMailingPortal();

const cancellation = getDemoGuarantee(1);
/** SO-0000011's subscription: Camping Le Moulin de la Vallée, whose booking desk the demo names. */
const ESTABLISHMENT = 'reservations@camping-moulin-vallee.example';

describe('The copy of a cancellation to the booking establishment', () => {
  it('When a cancellation is declared in the wizard with the copy box ticked, then the establishment receives the copy and the staff claim page shows it sent, when and to whom', async () => {
    const you = await openVisitor(suite.browser, suite.portal.baseUrl);
    const { page } = you;
    await you.open('declare-sinistre');
    await you.enterNumber('SO-0000011');
    await you.expectAt('declare-step1');
    await you.chooseObject(cancellation.names.fr.nom);
    await you.expectAt('declare-step2');
    await page.locator('.choice').first().click();
    await you.expectAt('declare-step3');
    await you.describeClaim(dayFromToday(-2), 'Opération en urgence, nous annulons le séjour.');
    await you.expectAt('declare-step4');
    await you.typeContactIfEmpty();
    await you.next();
    await you.expectAt('declare-step5');
    await you.tickConfirmations();
    await you.submit();
    const number = await you.confirmedClaimNumber();
    await page.context().close();

    const copy = await suite.mailTo(ESTABLISHMENT, number);
    expect(copy.headers.get('subject')).toBe(`Annulation de réservation – copie de la déclaration ${number}`);
    expect(copy.text).toContain('Le client confirme l’annulation définitive de sa réservation.');
    expect(copy.text).toContain('Opération en urgence, nous annulons le séjour.');

    const staff = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signInStaff(staff, suite.portal, 'establishment.copy.e2e');
    const claimPage = await staff.newPage();
    await claimPage.goto(`${suite.portal.baseUrl}/bo_sinistres?numero=${number}`);
    const line = claimPage.locator('[data-establishment-copy]');
    // The page reads the claim once; the copy may have left just after: reload until it says so.
    await expect
      .poll(
        async () => {
          await claimPage.reload();
          await line.waitFor();
          return line.getAttribute('data-establishment-copy');
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe('sent');
    const today = new Intl.DateTimeFormat('fr-FR', { timeZone: INSURER_TIME_ZONE, dateStyle: 'short' }).format(
      new Date(),
    );
    await expect(line.textContent()).resolves.toMatch(
      new RegExp(
        `^Copie à l’établissement\\s*envoyée le ${today.replaceAll('/', '\\/')} à \\d\\d:\\d\\d à ${ESTABLISHMENT}$`,
      ),
    );
    // The mail is listed with the claim's others, named as what it is.
    await expect(claimPage.locator('#claim-mails-title').locator('..').textContent()).resolves.toContain(
      'Copie à l’établissement',
    );
    // For a person to look at: the facts with the copy's line, at 1280 px.
    await claimPage.locator('.bo-facts').screenshot({ path: join(ARTEFACTS_DIR, 'establishment-copy.png') });
    await staff.close();
  });
});
