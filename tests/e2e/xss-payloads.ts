/**
 * Hostile HTML saved by staff as FAQ answers (or arriving from a compromised database): each one,
 * if it ran, would set `window.__xss` or open a dialog. Built from the classic vectors (script,
 * event handlers, javascript:/data: URLs, SVG and MathML, CSS, meta refresh, base, forms,
 * entity and case obfuscation, broken markup) across the places they hide in.
 */

const RUN = 'window.__xss=1';
const RUN_ENCODED = 'window.__xss&#x3d;1';

const EVENT_TAGS = [
  ['img', 'src=x onerror'],
  ['svg', 'onload'],
  ['body', 'onload'],
  ['details', 'open ontoggle'],
  ['video', 'src=x onerror'],
  ['audio', 'src=x onerror'],
  ['input', 'autofocus onfocus'],
  ['select', 'autofocus onfocus'],
  ['textarea', 'autofocus onfocus'],
  ['iframe', 'onload'],
  ['marquee', 'onstart'],
  ['div', 'onmouseover'],
  ['a', 'href=# onclick'],
  ['p', 'onpointerenter'],
  ['span', 'style="display:block;width:9999px;height:9999px" onmousemove'],
  ['object', 'data=x onerror'],
  ['embed', 'src=x onload'],
  ['source', 'onerror'],
  ['track', 'onerror'],
  ['image', 'src=x onerror'],
] as const;

const URL_VECTORS = [
  'javascript:window.__xss=1',
  'JaVaScRiPt:window.__xss=1',
  'jav&#x09;ascript:window.__xss=1',
  'jav&#x0A;ascript:window.__xss=1',
  '&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;window.__xss=1',
  ' javascript:window.__xss=1',
  'javascript&colon;window.__xss=1',
  'data:text/html,<script>window.__xss=1</script>',
  'data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg==',
  'vbscript:window.__xss=1',
] as const;

const URL_PLACES = [
  (url: string) => `<a href="${url}">lien</a>`,
  (url: string) => `<iframe src="${url}"></iframe>`,
  (url: string) => `<form action="${url}"><button>ok</button></form>`,
  (url: string) => `<object data="${url}"></object>`,
  (url: string) => `<embed src="${url}">`,
  (url: string) => `<a xlink:href="${url}"><svg><a xlink:href="${url}"><text y="20">x</text></a></svg></a>`,
  (url: string) => `<math><a href="${url}">x</a></math>`,
  (url: string) => `<img src="${url}">`,
] as const;

const OTHERS = [
  `<script>${RUN}</script>`,
  `<SCRIPT>${RUN}</SCRIPT>`,
  `<script src="data:text/javascript,${RUN}"></script>`,
  `<scr<script>ipt>${RUN}</script>`,
  `<<script>script>${RUN}<</script>/script>`,
  `<svg><script>${RUN}</script></svg>`,
  `<math><mtext><table><mglyph><style><img src=x onerror="${RUN}">`,
  `<noscript><p title="</noscript><img src=x onerror=${RUN}>">`,
  `<style>@import 'data:text/css,body{}';</style><img src=x onerror=${RUN}>`,
  `<div style="background:url(javascript:${RUN})">x</div>`,
  `<div style="position:fixed;top:0;left:0;width:100%;height:100%;background:#fff;z-index:99999">faux</div>`,
  `<p style="display:none">caché</p>`,
  `<meta http-equiv="refresh" content="0;url=javascript:${RUN}">`,
  `<base href="javascript:${RUN}//"><a href="x">x</a>`,
  `<link rel="import" href="data:text/html,<script>${RUN}</script>">`,
  `<template><script>${RUN}</script></template>`,
  `<svg><animate onbegin="${RUN}" attributeName="x" dur="1s">`,
  `<svg><set attributeName="onmouseover" to="${RUN}"/></svg>`,
  `<img src="x" onerror="${RUN_ENCODED}">`,
  `<img src=x:alert(1) onerror=eval(atob('d2luZG93Ll9feHNzPTE='))>`,
  `<a href="#" onclick="${RUN}" id="hostile-link">clic</a>`,
  `"><img src=x onerror=${RUN}>`,
  `'><svg onload=${RUN}>`,
  `</p><img src=x onerror=${RUN}><p>`,
  `<img src=x onerror=&#119;indow.__xss=1>`,
  `<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>`,
  `<object type="text/html" data="data:text/html,<script>parent.__xss=1</script>"></object>`,
  `<form><button formaction="javascript:${RUN}">go</button></form>`,
  `<isindex action="javascript:${RUN}" type=image>`,
  `<x onclick="${RUN}">x</x>`,
] as const;

export const XSS_PAYLOADS: readonly string[] = [
  ...EVENT_TAGS.flatMap(([tag, attributes]) => [
    `<${tag} ${attributes}="${RUN}">x</${tag}>`,
    `<${tag.toUpperCase()} ${attributes.toUpperCase()}=${RUN}>`,
    `<${tag}/${attributes.replace(/ /g, '/')}=${RUN}>`,
  ]),
  ...URL_VECTORS.flatMap((url) => URL_PLACES.map((place) => place(url))),
  ...OTHERS,
];
