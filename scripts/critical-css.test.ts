import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { criticalRules, namesInPage, splitStylesheets } from './critical-css.ts';

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

  it('When a customer page is split, then its head inlines the rules with their CSP hash and the whole sheet is linked last in its body', () => {
    const html = splitStylesheets(PAGE('<header class="header"></header>'), () => SHEET);
    const inlined =
      ':root{--ink:#111}body{margin:0}.header{position:sticky}@media (max-width:600px){.header{top:0}}.header{gap:1px}';
    const hash = createHash('sha256').update(inlined).digest('base64');
    expect(html).toContain(`<style>${inlined}</style></head>`);
    expect(html).toContain(`style-src 'self' 'sha256-${hash}' 'sha256-theme='`);
    expect(html).toMatch(/<header class="header"><\/header><link rel="stylesheet" href="\/_astro\/page\.css"><\/body>/);
  });

  it('When a page is not a customer page, then it is left as built', () => {
    const page = PAGE('').replace(' data-route="home"', '');
    expect(splitStylesheets(page, () => SHEET)).toBe(page);
  });
});
