import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { FaqListAnswerSchema } from '../../contracts/faq.ts';
import { faqEntries } from '../../server/db/schema.ts';
import { FaqAssistant } from '../../server/faq/service.ts';
import { signedInStaffCookie } from '../../server/staff-api/sessions/test-support.ts';
import { type Visitor, waitForIslands } from './declaration-journey.ts';
import { openVisitor, type RunningPortal, screenshotsAt, startPortal, workerBrowser } from './harness.ts';
import { XSS_PAYLOADS } from './xss-payloads.ts';

/**
 * The FAQ page (spec 2 "faq") in a real Chromium against the real server and database: the
 * disclaimer, the question box, answers with sources and their rating, the no-answer and
 * personal-file messages, keyboard-only use, axe-core; and hostile answers saved by staff that
 * never run on the page.
 */

let portal: RunningPortal;
let browser: Browser;

beforeAll(async () => {
  [portal, browser] = await Promise.all([startPortal({}, undefined, { demo: true }), workerBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

/** Accepts the disclaimer with the mouse. */
async function accept(you: Visitor): Promise<void> {
  await you.page.getByLabel(you.t('faq.disclaimer.accept')).check();
  await you.page.getByRole('button', { name: you.t('faq.disclaimer.start') }).click();
}

async function ask(you: Visitor, question: string): Promise<void> {
  await you.page.getByLabel(you.t('faq.question.label')).fill(question);
  await you.page.getByRole('button', { name: you.t('faq.send') }).click();
}

/** The last answer's text, once it has arrived. */
async function lastAnswer(page: Page): Promise<string> {
  const answer = page.locator('.faq-turn__answer').last();
  await page.waitForFunction(() => {
    const last = [...document.querySelectorAll('.faq-turn__answer')].at(-1);
    return last !== undefined && last.querySelector('.spinner') === null;
  });
  return (await answer.textContent()) ?? '';
}

describe('FAQ page', () => {
  it('When a title fills the line at 390 px (Danish, German, Polish, Portuguese), then it wraps before the chevron of its accordion instead of running under it', async () => {
    for (const lang of ['da', 'de', 'pl', 'pt'] as const) {
      const you = await openVisitor(browser, portal.baseUrl, { lang, width: 390 });
      await you.open('faq');
      const squeezed = await you.page.locator('.accordion__summary').evaluateAll((summaries) =>
        summaries.flatMap((summary) => {
          const title = summary.querySelector('.accordion__title');
          if (title === null) return [];
          // The chevron keeps its 10 px, and at least 8 px part it from the title (it is rotated:
          // its corners reach past its box).
          const chevron = Number.parseFloat(getComputedStyle(summary, '::after').width);
          const room =
            summary.getBoundingClientRect().right - Number.parseFloat(getComputedStyle(summary).paddingRight) - 10 - 8;
          return chevron < 10 || title.getBoundingClientRect().right > room + 0.5 ? [title.textContent] : [];
        }),
      );
      expect(squeezed, lang).toEqual([]);
      await you.page.context().close();
    }
  });

  it('When a visitor uses only the keyboard, then they accept the disclaimer, an empty question is not sent, and an answer comes with its sources and a rating', async () => {
    const you = await openVisitor(browser, portal.baseUrl, { company: 'veligo' });
    const { page, t } = you;
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/faq') && request.method() !== 'GET') posts.push(request.method());
    });
    await you.open('faq');
    await expect(page.getByRole('heading', { level: 2, name: t('faq.fixed.title') }).isVisible()).resolves.toBe(true);
    expect(await page.locator('details.faq-fixed').count()).toBe(9);
    await you.expectAccessible('faq, disclaimer');

    // The start button without the box ticked: the message, tied to the box.
    const start = page.getByRole('button', { name: t('faq.disclaimer.start') });
    await start.focus();
    await page.keyboard.press('Enter');
    await page.getByText(t('faq.disclaimer.required')).waitFor();
    const box = page.getByLabel(t('faq.disclaimer.accept'));
    expect(await box.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await box.getAttribute('aria-invalid')).toBe('true');
    await you.expectAccessible('faq, disclaimer refused');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');

    // Focus lands in the question box; Enter on an empty question sends nothing.
    const question = page.getByLabel(t('faq.question.label'));
    await page.waitForFunction(() => document.activeElement?.tagName === 'TEXTAREA');
    await page.keyboard.press('Enter');
    await page.getByText(t('faq.question.required')).waitFor();
    expect(await question.getAttribute('aria-invalid')).toBe('true');
    expect(posts).toEqual([]);

    await page.keyboard.type('Quels justificatifs dois-je fournir ?');
    await page.keyboard.press('Enter');
    const answer = await lastAnswer(page);
    expect(answer).toContain(t('faq.sources'));
    expect(posts).toEqual(['POST']);
    await you.expectAccessible('faq, answered');

    // From the question box (the focus stays there), back to the rating.
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(t('faq.rating.no'));
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(t('faq.rating.yes'));
    await page.keyboard.press('Enter');
    await page.getByText(t('faq.rating.thanksYes')).waitFor();
    expect(posts).toEqual(['POST', 'PATCH']);
    await screenshotsAt(page, 'faq-answered');
    await page.context().close();
  });

  it('When a visitor asks about their own file, something unrelated, then rates an answer no, then each message shows', async () => {
    const you = await openVisitor(browser, portal.baseUrl, { company: 'veligo' });
    const { page, t } = you;
    await you.open('faq');
    await accept(you);
    await ask(you, 'Où en est mon dossier SI-0000003 ?');
    expect(await lastAnswer(page)).toContain(t('faq.personal.text'));
    await expect(
      page
        .locator('.faq-turn__answer')
        .last()
        .getByRole('link', { name: t('faq.personal.link') })
        .getAttribute('href'),
    ).resolves.toBe('/veligo/suivre-dossier');
    await ask(you, 'Quelle est la recette de la tarte aux pommes ?');
    expect(await lastAnswer(page)).toContain(
      "Désolé, nous n'avons pas la réponse à votre question. Essayez de la reformuler.",
    );
    await ask(you, 'Quand serai-je remboursé ?');
    expect(await lastAnswer(page)).toMatch(/48/);
    await page.getByRole('button', { name: t('faq.rating.no') }).click();
    await page.getByText(t('faq.rating.thanksNo')).waitFor();
    await you.expectAccessible('faq, personal, no answer, rated');
    // Accepted once per tab: a reload goes straight to the question box.
    await page.reload();
    await page.getByLabel(t('faq.question.label')).waitFor();
    await page.context().close();
  });

  it('When an English visitor asks, then the answer is in English', async () => {
    const you = await openVisitor(browser, portal.baseUrl, { company: 'veligo', lang: 'en', locale: 'en-GB' });
    const { page } = you;
    await you.open('faq');
    await accept(you);
    await ask(you, 'How long does the refund take?');
    expect(await lastAnswer(page)).toMatch(/48 hours|48 h/);
    await screenshotsAt(page, 'faq-english');
    await page.context().close();
  });
});

describe('FAQ rating sends the partner payload, and answers built from knowledge documents can be rated too', () => {
  it('When a visitor rates an answer the knowledge documents built, then the page sends {question, lang, add_reponse_utile_oui: 0, add_reponse_utile_non: 1} and the vote is counted', async () => {
    const you = await openVisitor(browser, portal.baseUrl, { company: 'veligo' });
    const { page, t } = you;
    const patches: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/faq') && request.method() === 'PATCH') patches.push(request.postDataJSON());
    });
    await you.open('faq');
    await accept(you);
    const question = 'Le bouton Voir plus affiche quoi ?';
    // Two other visitors asked it before: this visitor's asking makes its entry for staff.
    const assistant = new FaqAssistant(portal.database.db);
    for (const visitor of ['192.0.2.51', '192.0.2.52']) await assistant.ask(question, 'fr', visitor);
    await ask(you, question);
    expect(await lastAnswer(page)).toContain('Guide de la déclaration en ligne');
    const patched = page.waitForResponse(
      (response) => response.url().endsWith('/faq') && response.request().method() === 'PATCH',
    );
    await page.getByRole('button', { name: t('faq.rating.no') }).click();
    await page.getByText(t('faq.rating.thanksNo')).waitFor();
    expect((await patched).status()).toBe(200);
    expect(patches).toEqual([{ question, lang: 'fr', add_reponse_utile_oui: 0, add_reponse_utile_non: 1 }]);
    const [entry] = await portal.database.db.select().from(faqEntries).where(eq(faqEntries.question, question));
    expect([entry?.reponse, entry?.occurence, entry?.reponseUtileOui, entry?.reponseUtileNon]).toEqual(['', 3, 0, 1]);
    await page.context().close();
  });
});

describe('The FAQ conversation of the tab survives a reload', () => {
  it('When a visitor asks, rates and reloads, then the conversation is still there, rated, without asking again; a new tab starts empty', async () => {
    const you = await openVisitor(browser, portal.baseUrl, { company: 'veligo' });
    const { page, t } = you;
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/faq') && request.method() === 'POST') posts.push(request.postData() ?? '');
    });
    await you.open('faq');
    await accept(you);
    await ask(you, 'Quand serai-je remboursé ?');
    expect(await lastAnswer(page)).toMatch(/48/);
    await page.getByRole('button', { name: t('faq.rating.yes') }).click();
    await page.getByText(t('faq.rating.thanksYes')).waitFor();
    await ask(you, 'Quelle est la recette de la tarte aux pommes ?');
    expect(await lastAnswer(page)).toContain(t('faq.noAnswer'));
    expect(posts).toHaveLength(2);
    // A question typed and not yet sent is kept too.
    const question = page.getByLabel(t('faq.question.label'));
    await question.fill('Puis-je envoyer une photo');

    await page.reload();
    await waitForIslands(page);
    await expect.poll(() => question.inputValue()).toBe('Puis-je envoyer une photo');
    const turns = page.locator('.faq-turn');
    await expect.poll(() => turns.count()).toBe(2);
    await expect(turns.nth(0).locator('.faq-turn__question').textContent()).resolves.toContain(
      'Quand serai-je remboursé ?',
    );
    await expect.poll(() => turns.nth(0).locator('.faq-turn__text').textContent()).toMatch(/48/);
    await expect(turns.nth(0).getByText(t('faq.rating.thanksYes')).isVisible()).resolves.toBe(true);
    await expect(
      turns
        .nth(0)
        .getByRole('button', { name: t('faq.rating.yes') })
        .count(),
    ).resolves.toBe(0);
    await expect(turns.nth(1).textContent()).resolves.toContain(t('faq.noAnswer'));
    expect(posts).toHaveLength(2);
    await you.expectAccessible('faq, conversation after a reload');

    // The conversation goes on after the reload; the question sent and answered is forgotten.
    await ask(you, 'Quels formats de fichiers sont acceptés ?');
    expect(await lastAnswer(page)).toMatch(/PDF/);
    await expect.poll(() => turns.count()).toBe(3);
    await page.reload();
    await waitForIslands(page);
    await expect.poll(() => turns.count()).toBe(3);
    await expect(question.inputValue()).resolves.toBe('');

    // Another tab has its own (empty) conversation.
    const other = await page.context().newPage();
    await other.goto(page.url());
    await waitForIslands(other);
    await other.getByLabel(t('faq.disclaimer.accept')).waitFor();
    await expect(other.locator('.faq-turn').count()).resolves.toBe(0);
    await page.context().close();
  });
});

// Before the hostile answers: they replace the French entries' answers and keywords.
describe('The FAQ says which question it answers', () => {
  it('When a visitor asks in other words than the entry’s, then the answer names the entry it matched, its sources are links that open the document, at 390 and 1280 px, in French and English', async () => {
    const cases = [
      {
        lang: 'fr',
        asked: 'En combien de temps serai-je remboursé ?',
        matched: 'Quand serai-je remboursé ?',
      },
      { lang: 'en', asked: 'How long does a refund take?', matched: 'When will I be refunded?' },
    ] as const;
    for (const [index, { lang, asked, matched }] of cases.entries()) {
      const width = index === 0 ? 390 : 1280;
      const you = await openVisitor(browser, portal.baseUrl, { company: 'veligo', lang, width });
      const { page, t } = you;
      await you.open('faq');
      await accept(you);
      await ask(you, asked);
      await lastAnswer(page);
      const said = page.locator('.faq-turn__matched').last();
      const normal = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
      expect(normal(await said.textContent())).toBe(normal(`${t('faq.answerTo')} ${matched}`));
      // No bare yes or no: the answer's first sentence is more than one word.
      const text = normal(await page.locator('.faq-turn__text').last().textContent());
      expect(text.split(/[.!?]/)[0]?.split(' ').length).toBeGreaterThan(2);
      await you.expectAccessible(`faq, answer naming its question (${lang}, ${width} px)`);
      const links = page.locator('.faq-turn__sources').last().getByRole('link');
      expect(await links.count()).toBeGreaterThan(0);
      const href = (await links.first().getAttribute('href')) ?? '';
      const anchor = href.split('#')[1] ?? '';
      expect(anchor).not.toBe('');
      await links.first().click();
      await expect
        .poll(() => page.locator(`[id="${anchor}"]`).evaluate((element) => (element as HTMLDetailsElement).open))
        .toBe(true);
      expect(await page.locator(`[id="${anchor}"]`).isVisible()).toBe(true);
      // Its title lands below the sticky header, not under it.
      await expect
        .poll(async () => {
          const header = await page.locator('.site-header').boundingBox();
          const title = await page.locator(`[id="${anchor}"] summary`).boundingBox();
          return header !== null && title !== null && title.y >= header.y + header.height;
        })
        .toBe(true);
      await page.setViewportSize({ width: width === 390 ? 1280 : 390, height: 844 });
      await screenshotsAt(page, `faq-matched-${lang}`);
      await page.context().close();
    }
  });
});

describe('Hostile answers', () => {
  it(`When staff save ${XSS_PAYLOADS.length} hostile answers, then none runs on the customer page`, async () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(150);
    const cookie = await signedInStaffCookie(portal.database.db, 'e2e.faq');
    const list = FaqListAnswerSchema.parse(
      await (
        await fetch(`${portal.baseUrl}/faq?lang=fr&size=100`, {
          headers: { Cookie: cookie, Accept: 'application/json' },
        })
      ).json(),
    );
    const entries = list.datas.filter((entry) => entry.lang === 'fr' && entry.reponse !== '');
    const perEntry = Math.ceil(XSS_PAYLOADS.length / entries.length);
    const batches: string[][] = [];
    for (let start = 0; start < XSS_PAYLOADS.length; start += perEntry)
      batches.push(XSS_PAYLOADS.slice(start, start + perEntry));
    for (const [index, batch] of batches.entries()) {
      const entry = entries[index];
      if (!entry) throw new Error('not enough entries');
      const response = await fetch(`${portal.baseUrl}/faq`, {
        method: 'PATCH',
        headers: { Cookie: cookie, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          ...entry,
          reponse: batch.map((payload) => `<p>cas</p>${payload}`).join(''),
          keywords: `xsscase${index} xssbatch`,
          add_to_history: true,
          modif_admin: true,
        }),
      });
      expect(response.status).toBe(200);
    }

    const you = await openVisitor(browser, portal.baseUrl, { company: 'veligo' });
    const { page } = you;
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await you.open('faq');
    await accept(you);
    for (const index of batches.keys()) {
      await ask(you, `xsscase${index} xssbatch`);
      expect(await lastAnswer(page)).toContain('cas');
      const answer = page.locator('.faq-turn__text').last();
      // Hover and click inside the answer, as a visitor would.
      await answer.hover({ force: true });
      const found = await answer.evaluate((element) => {
        const bad: string[] = [];
        for (const node of element.querySelectorAll('*')) {
          if (
            /^(SCRIPT|IFRAME|OBJECT|EMBED|FORM|STYLE|META|BASE|LINK|SVG|MATH|TEMPLATE|INPUT|BUTTON)$/i.test(
              node.tagName,
            )
          )
            bad.push(node.tagName);
          for (const attribute of node.attributes) {
            if (/^on/i.test(attribute.name)) bad.push(`${node.tagName}[${attribute.name}]`);
            if (/^\s*(javascript|data|vbscript):/i.test(attribute.value))
              bad.push(`${node.tagName}[${attribute.name}]`);
            if (attribute.name === 'style') bad.push(`${node.tagName}[style]`);
          }
        }
        return bad;
      });
      expect(found, `batch ${index}`).toEqual([]);
    }
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await page.context().close();
  });
});
