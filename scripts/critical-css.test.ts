import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CriticalStylesheet,
  criticalRules,
  namesInPage,
  splitStylesheets,
  withOneInlineStyle,
} from './critical-css.ts';

const SHEET =
  ':root{--ink:#111}body{margin:0}.header{position:sticky}.footer{color:red}' +
  '.menu .menu__list{display:grid}.button:hover{color:blue}.card:not(.is-open){padding:4px}' +
  '@media (max-width:600px){.header{top:0}.footer{padding:0}}@media print{.header{display:none}}' +
  '.header,.unused{gap:1px}';

const PAGE = (body: string) =>
  "<!doctype html><html><head><meta http-equiv=\"content-security-policy\" content=\"default-src 'self'; style-src 'self' 'sha256-theme='\">" +
  `<link rel="stylesheet" href="/_astro/page.css"></head><body data-route="home">${body}</body></html>`;

describe('The first screen CSS of a page', () => {
  it('When a rule needs a class the page does not show, then it is left to the whole stylesheet', () => {
    const names = namesInPage('<header class="header"></header><div class="card"></div>');
    expect(criticalRules(SHEET, names)).toBe(
      ':root{--ink:#111}body{margin:0}.header{position:sticky}.card:not(.is-open){padding:4px}' +
        '@media (max-width:600px){.header{top:0}}.header{gap:1px}',
    );
  });

  it('When an element is hidden or inside a closed details, then its classes do not count, but a summary does', () => {
    const names = namesInPage(
      '<div class="banner" hidden><p class="banner__text">x</p></div>' +
        '<details class="menu"><summary class="menu__toggle">Menu</summary><ul class="menu__list"></ul></details>' +
        '<details open class="faq"><p class="faq__answer">y</p></details><img class="logo" alt=""><p class="after"></p>',
    );
    expect([...names].sort()).toEqual(['.after', '.faq', '.faq__answer', '.logo', '.menu', '.menu__toggle']);
  });

  it('When a hidden element is marked as shown by a script, then its classes count, with its hidden descendants', () => {
    const names = namesInPage(
      '<aside class="prompt" hidden data-shown-by-script><p class="prompt__title">x</p>' +
        '<button class="prompt__button" hidden>y</button></aside><div class="other" hidden><p class="other__text"></p></div>',
    );
    expect([...names].sort()).toEqual(['.prompt', '.prompt__button', '.prompt__title']);
  });

  it('When a customer page is split, then its head inlines the rules with their CSP hash and the whole sheet is linked last in its body', () => {
    const html = splitStylesheets(PAGE('<header class="header"></header>'), () => new CriticalStylesheet(SHEET));
    const inlined =
      ':root{--ink:#111}body{margin:0}.header{position:sticky}@media (max-width:600px){.header{top:0}}.header{gap:1px}';
    const hash = createHash('sha256').update(inlined).digest('base64');
    expect(html).toContain(`<style>${inlined}</style></head>`);
    expect(html).toContain(`style-src 'self' 'sha256-${hash}' 'sha256-theme='`);
    expect(html).toMatch(/<header class="header"><\/header><link rel="stylesheet" href="\/_astro\/page\.css"><\/body>/);
  });

  it('When a page is not a customer page, then it is left as built', () => {
    const page = PAGE('').replace(' data-route="home"', '');
    expect(splitStylesheets(page, () => new CriticalStylesheet(SHEET))).toBe(page);
  });

  it('When pages show the same names, then they get the same rules as the stylesheet parsed for each', () => {
    const stylesheet = new CriticalStylesheet(SHEET);
    const pages = [
      '<header class="header"></header><div class="card"></div>',
      '<header class="header" id="top"></header><div class="card other"></div>',
      '<footer class="footer"></footer><nav class="menu"><ul class="menu__list"></ul></nav>',
      '<p class="unused"></p>',
    ];
    for (const page of [...pages, ...pages]) {
      const names = namesInPage(page);
      expect(stylesheet.rulesFor(names)).toBe(criticalRules(SHEET, names));
    }
  });

  it('When a page has several inline styles, then they become one where the last of its head was, in their order', () => {
    const island = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';
    const html =
      '<html><head><style>.brand-a{--c:red}</style><script>x()</script><style>:root{--c:blue}h1{color:var(--c)}</style>' +
      `<style media="print">h1{color:#000}</style></head><body data-route="faq"><p>a</p>${island}<astro-island></astro-island></body></html>`;
    expect(withOneInlineStyle(html)).toBe(
      '<html><head><script>x()</script><style>.brand-a{--c:red}:root{--c:blue}h1{color:var(--c)}' +
        'astro-island,astro-slot,astro-static-slot{display:contents}</style><style media="print">h1{color:#000}</style>' +
        '</head><body data-route="faq"><p>a</p><astro-island></astro-island></body></html>',
    );
  });

  it('When a sheet is linked between inline styles, or a later one imports, then the styles are left apart', () => {
    const linked =
      '<html><head><style>a{color:red}</style><link rel="stylesheet" href="/x.css"><style>b{color:red}</style></head><body data-route="faq"></body></html>';
    expect(withOneInlineStyle(linked)).toBe(linked);
    const importing =
      '<html><head><style>a{color:red}</style><style>@import "/x.css";b{color:red}</style></head><body data-route="faq"></body></html>';
    expect(withOneInlineStyle(importing)).toBe(importing);
  });
});
