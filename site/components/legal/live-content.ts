import { PARTNER_API_ORIGIN } from '../../../islands/api/http.ts';
import { requestContentPage } from '../../../islands/api/partner-api-request.ts';
import { liveAnchors } from './live-anchors.ts';

/**
 * Imported by the legal pages once they have loaded (`LegalRoute.astro`). The pre-rendered paragraphs are the build's copy
 * of the content; GET pages gives the live one. Only when the two differ is the live content shown
 * in their place (names as text, contents as sanitised HTML), with the table of contents redone.
 * Any failure leaves the pre-rendered page as it is.
 */

interface Paragraph {
  nom: string;
  contenu: string;
}

/** The paragraphs of a GET pages answer, or undefined when it is not one. */
function paragraphsOf(body: unknown): Paragraph[] | undefined {
  const list = (body as { data?: { paragraphes?: unknown } } | null)?.data?.paragraphes;
  if (!Array.isArray(list)) return undefined;
  const paragraphs = list.map((item) => (item as { data_mysql?: Partial<Paragraph> } | null)?.data_mysql);
  return paragraphs.every((item) => typeof item?.nom === 'string' && typeof item.contenu === 'string')
    ? (paragraphs as Paragraph[])
    : undefined;
}

/** HTML as the browser writes it back, so the build's and the API's spellings compare equal. */
function normalised(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.innerHTML;
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  created.className = className;
  return created;
}

async function showLiveContent(article: HTMLElement): Promise<void> {
  // The brand's page: what depends on the brand (the complaint address) is filled for it.
  const answer = await requestContentPage(
    article.dataset.legalPage ?? '',
    document.documentElement.lang,
    document.body.dataset.company ?? '',
  );
  if (!answer.answered || answer.status < 200 || answer.status > 299) return;
  const paragraphs = paragraphsOf(answer.body);
  if (paragraphs === undefined || paragraphs.length === 0) return;
  // Our server sanitises what it answers; a partner's own API is sanitised here, before use.
  const external = PARTNER_API_ORIGIN !== '' && new URL(PARTNER_API_ORIGIN, location.href).origin !== location.origin;
  const clean = external ? (await import('./purify.ts')).purify : (html: string) => html;
  const live = paragraphs.map(({ nom, contenu }) => ({ title: nom.trim(), html: normalised(clean(contenu)) }));

  const sections = [...article.querySelectorAll<HTMLElement>('.legal__section')];
  const built = sections.map((section) => ({
    id: section.querySelector('h2')?.id ?? '',
    title: section.querySelector('h2')?.textContent?.trim() ?? '',
    html: section.querySelector('.legal__text')?.innerHTML ?? '',
  }));
  const same =
    live.length === built.length &&
    live.every((paragraph, index) => paragraph.title === built[index]?.title && paragraph.html === built[index]?.html);
  if (same) return;

  const ids = liveAnchors(
    live.map((paragraph) => paragraph.title),
    built,
  );
  const toc = document.querySelector('[data-legal-toc]');
  const entries = live.map((paragraph, index) => {
    const id = ids[index] ?? '';
    const section = element('section', 'legal__section');
    const heading = element('h2', 'legal__heading');
    heading.id = id;
    heading.textContent = paragraph.title;
    const text = element('div', 'legal__text');
    text.innerHTML = paragraph.html;
    section.append(heading, text);
    const item = document.createElement('li');
    const link = document.createElement('a');
    link.href = `#${id}`;
    link.textContent = paragraph.title;
    item.append(link);
    return { section, item };
  });
  article.replaceChildren(...entries.map((entry) => entry.section));
  toc?.replaceChildren(...entries.map((entry) => entry.item));
  // The browser scrolled to `#avis` in the pre-rendered page: land there again in the live one.
  if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
}

const article = document.querySelector<HTMLElement>('[data-legal-page]');
if (article) void showLiveContent(article).catch(() => undefined);
