import type { Attribution } from '@shared/schemas/tracking';

/**
 * The tracker the account's site loads: first-party (served by this product from the brand's own origin), about 1.5 kB,
 * async, no cookie in cookieless mode (the default), no fingerprinting (it reads nothing but the page's URL, title and
 * referrer). It sends nothing at all when the browser asks not to be tracked (Global Privacy Control or Do Not Track).
 * With data-consent="granted" on the tag, or after the site's consent banner calls visitorTracking.consent(true), it
 * keeps a random first-party visitor id in the site's localStorage so a returning visitor is recognised; consent(false)
 * deletes it. A personal link's pl parameter is sent with the page view it lands on. Single-page sites: every
 * history.pushState / replaceState / popstate that changes the path is a page view.
 *
 * It posts text/plain (navigator.sendBeacon, else fetch keepalive), so no CORS preflight is needed.
 */
export const TRACKER_SCRIPT = `(function(){"use strict";
var s=document.currentScript;if(!s)return;
var code=s.getAttribute("data-code");if(!code)return;
var n=navigator,w=window;
if(n.globalPrivacyControl===true||n.doNotTrack==="1"||n.doNotTrack==="yes"||w.doNotTrack==="1"||n.msDoNotTrack==="1")return;
var endpoint=s.getAttribute("data-endpoint")||(new URL(s.src,location.href).origin+"/api/v1/tracking/events");
var KEY="_vt_vid";var granted=s.getAttribute("data-consent")==="granted";
function vid(){if(!granted)return null;try{var v=localStorage.getItem(KEY);if(!v){var a=new Uint8Array(16);crypto.getRandomValues(a);v=Array.prototype.map.call(a,function(b){return("0"+b.toString(16)).slice(-2)}).join("");localStorage.setItem(KEY,v)}return v}catch(e){return null}}
function pl(){var m=/[?&]pl=([A-Za-z0-9_-]{16,64})/.exec(location.search);return m?m[1]:null}
var last=null;
function send(){var url=location.href.split("#")[0];if(url===last)return;var ref=last||document.referrer||null;last=url;
var body=JSON.stringify({code:code,url:url,referrer:ref,title:document.title||null,consent:granted?"consented":"cookieless",vid:vid(),pl:pl()});
try{if(n.sendBeacon&&n.sendBeacon(endpoint,body))return}catch(e){}
try{fetch(endpoint,{method:"POST",body:body,keepalive:true,mode:"no-cors",credentials:"omit",headers:{"content-type":"text/plain"}})}catch(e){}}
function later(){setTimeout(send,0)}
["pushState","replaceState"].forEach(function(k){var o=history[k];if(typeof o!=="function")return;history[k]=function(){var r=o.apply(this,arguments);later();return r}});
w.addEventListener("popstate",later);
w.visitorTracking={consent:function(yes){granted=!!yes;if(!granted){try{localStorage.removeItem(KEY)}catch(e){}}}};
if(document.readyState==="loading")document.addEventListener("DOMContentLoaded",send);else send();
})();
`;

/** The path the tracker is served from (public, cacheable). */
export const SCRIPT_PATH = '/api/v1/tracking/script.js';
export const COLLECT_PATH = '/api/v1/tracking/events';

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The tag to paste before </head>. */
export function snippetHtml(scriptUrl: string, code: string): string {
  return `<script async src="${attr(scriptUrl)}" data-code="${attr(code)}"></script>`;
}

/** A Custom HTML tag for Google Tag Manager (trigger: All Pages): it adds the same async script. */
export function gtmTagHtml(scriptUrl: string, code: string): string {
  return [
    '<script>',
    '(function () {',
    "  var s = document.createElement('script');",
    '  s.async = true;',
    `  s.src = ${JSON.stringify(scriptUrl)};`,
    `  s.setAttribute('data-code', ${JSON.stringify(code)});`,
    '  document.head.appendChild(s);',
    '})();',
    '</script>',
  ].join('\n');
}

/** What the user may paste into their privacy policy (docs/decisions.md "Website visitors: legal basis"). */
export function privacyParagraph(): string {
  return [
    `We use a first-party analytics script on this website to learn which organisations visit it and which pages they read.`,
    'Our legitimate interest (Art. 6(1)(f) GDPR) is understanding business interest in our products.',
    'The script sets no cookie and stores nothing on your device unless you consent; it does not fingerprint your browser, and it collects nothing when your browser sends Global Privacy Control or Do Not Track.',
    'Your IP address is used only to look up the network it belongs to (in a database held on our servers; it is not sent to anyone) and is then shortened to its network prefix before anything is stored.',
    'Visits are counted per day with a random value that is deleted the next day, so they cannot be linked to you over time.',
    'For visitors in the EU and the UK only the organisation is recorded, never the person, unless you have given consent.',
    'If you open a personal link we sent you by email, your visit is linked to that email conversation.',
    'You can object at any time by enabling Global Privacy Control or Do Not Track in your browser, or by writing to us.',
  ].join(' ');
}

/** The data behind company resolution, credited as their licences ask (CC BY 4.0: name and link). */
export const ATTRIBUTIONS: readonly Attribution[] = [
  { name: 'IP Geolocation by DB-IP', url: 'https://db-ip.com', licence: 'CC BY 4.0' },
  { name: 'RouteViews', url: 'https://www.routeviews.org/routeviews/', licence: 'CC BY 4.0' },
  { name: 'Number Resource Organization (NRO)', url: 'https://www.nro.net', licence: 'CC BY 4.0' },
  { name: 'ip-location-db', url: 'https://github.com/sapics/ip-location-db', licence: 'data under the licences above' },
];
