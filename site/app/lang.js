// The site's language: chosen by ?lang= in the address, else the one this browser remembers (the switch in every
// page's header keeps it in localStorage), else the browser's own languages, else English. A code that is not one
// of ours shows English with a note, and is not remembered. The words are the gettext catalogs' (the build writes
// app/languages.json from nomercy.core.i18n); an element marked data-i18n shows its text's translation.
// The matching of a code follows nomercy.core.i18n.choose: en, sv and fr and their regions, any zh as zh-Hant.

const PLURAL = { one: (n) => (n === 1 ? 0 : 1), french: (n) => (n <= 1 ? 0 : n % 1000000 === 0 ? 1 : 2), none: () => 0 };

function match(code, known) {
  if (typeof code !== "string" || code.length > 35) return null;
  const tag = code.trim().replace(/_/g, "-").toLowerCase();
  for (const lang of ["en", "sv", "fr"]) if (tag === lang || tag.startsWith(`${lang}-`)) return lang;
  if ((tag === "zh" || tag.startsWith("zh-")) && known.includes("zh-Hant")) return "zh-Hant";
  return null;
}

function stored() {
  try { return localStorage.getItem("nm-lang"); } catch { return null; }  // a private window may refuse storage
}

function remember(lang) {
  try { if (lang === null) localStorage.removeItem("nm-lang"); else localStorage.setItem("nm-lang", lang); } catch { /* not kept */ }
}

function shown(code) {
  const text = String(code).replace(/[^\p{L}\p{N}_-]/gu, "?");
  return text.length > 20 ? `${text.slice(0, 17)}...` : text;
}

/** The language to show, and a note (English) when a code asked for is not one of ours. */
export function pick(known, search = location.search, browser = navigator.languages || [navigator.language]) {
  const codes = new URLSearchParams(search).getAll("lang");
  const names = known.join(", ");
  const meant = new Set(codes.map((code) => match(code, known)));
  if (codes.length > 1 && meant.size > 1) {  // ?lang=fr&lang=sv: neither is taken over the other, nor remembered
    const listed = codes.slice(0, 3).map((code) => `"${shown(code)}"`).join(", ") + (codes.length > 3 ? ", ..." : "");
    return { lang: "en", note: `The address names more than one language (${listed}), so it is shown in English.` };
  }
  if (codes.length) {
    const [asked] = codes;
    const lang = match(asked, known);
    if (lang) { remember(lang); return { lang, note: "" }; }
    return { lang: "en", note: `The language "${shown(asked)}" is not one of this site's (${names}), so it is shown in English.` };
  }
  const kept = stored();
  if (kept !== null) {
    const lang = match(kept, known);
    if (lang) return { lang, note: "" };
    remember(null);
    return { lang: "en", note: `The language this browser remembered ("${shown(kept)}") is not one of this site's (${names}), so it is shown in English.` };
  }
  for (const code of browser) {
    const lang = match(code, known);
    if (lang) return { lang, note: "" };
  }
  return { lang: "en", note: "" };
}

function fill(text, values) {
  return values ? text.replace(/\{(\w+)\}/g, (all, key) => (key in values ? String(values[key]) : all)) : text;
}

async function load() {
  const fallback = { languages: { en: "English" }, words: {}, plural: { en: "one" } };
  try {
    const response = await fetch(new URL("./languages.json", import.meta.url));
    return response.ok ? await response.json() : fallback;
  } catch {
    return fallback;  // no catalogs (offline before they were kept): the page stays in English
  }
}

function note(text) {
  const box = document.createElement("p");
  box.className = "nm-lang-note";
  box.dataset.testid = "lang-note";
  box.setAttribute("role", "status");
  box.textContent = text;
  (document.querySelector(".nm-site-nav") || document.body.firstChild)?.after(box);
  return box;
}

function translatePage(_) {
  for (const node of document.querySelectorAll("[data-i18n]")) {
    if (!node.dataset.i18nKey) node.dataset.i18nKey = node.textContent.split(/\s+/).filter(Boolean).join(" ");
    node.textContent = _(node.dataset.i18nKey);
  }
  for (const node of document.querySelectorAll("[data-i18n-label]")) node.setAttribute("aria-label", _(node.dataset.i18nLabel));
  const title = document.querySelector("title[data-i18n-title]");
  if (title) title.textContent = _(title.dataset.i18nTitle);
}

function wireSwitch(data, lang) {
  for (const select of document.querySelectorAll("select[data-lang-switch]")) {
    select.replaceChildren(...Object.entries(data.languages).map(([code, name]) => {
      const option = document.createElement("option");
      option.value = code;
      option.textContent = name;
      option.lang = code;
      option.selected = code === lang;
      return option;
    }));
    select.addEventListener("change", () => {
      remember(select.value);
      const url = new URL(location.href);
      url.searchParams.delete("lang");
      location.assign(url);
    });
  }
}

/** On a phone the header's links are a strip that scrolls sideways (site.css): this page's link is scrolled into
    it, and the strip fades at its right edge while more links are there. */
function stripShowsThisPage() {
  const strip = document.querySelector(".nm-site-links");
  if (!strip) return;
  const here = strip.querySelector("[aria-current]");
  if (here && here.offsetLeft + here.offsetWidth > strip.clientWidth) strip.scrollLeft = here.offsetLeft + here.offsetWidth - strip.clientWidth + 24;
  const more = () => strip.classList.toggle("nm-more", strip.scrollLeft + strip.clientWidth < strip.scrollWidth - 1);
  strip.addEventListener("scroll", more, { passive: true });
  addEventListener("resize", more);
  more();
}

/** The page's language and its words: `_` (with named placeholders) and `n_` (a count's plural form). */
export const ready = (async () => {
  const data = await load();
  const known = Object.keys(data.languages);
  const { lang, note: why } = pick(known);
  const words = data.words[lang] || {};
  const rule = PLURAL[data.plural[lang]] || PLURAL.one;
  const _ = (text, values) => fill(typeof words[text] === "string" ? words[text] : text, values);
  const n_ = (one, many, count, values) => {
    const forms = words[one];
    const text = Array.isArray(forms) ? forms[rule(count)] ?? forms[0] : count === 1 ? one : many;
    return fill(text, { count, ...values });
  };
  // a page written in every language (the Rules pages: <html data-page-lang>, <link rel="alternate" hreflang>)
  // opens in the reader's, at the same anchor: a ruling link from the table lands on the ruling in that language
  const written = document.documentElement.dataset.pageLang;
  const there = written && written !== lang && document.querySelector(`link[rel="alternate"][hreflang="${lang}"]`);
  if (there) {
    location.replace(new URL(there.getAttribute("href"), location.href).pathname + location.search + location.hash);
    return new Promise(() => {});  // this page is left: nothing more to show on it
  }
  document.documentElement.lang = lang;
  if (document.readyState === "loading") await new Promise((resolve) => document.addEventListener("DOMContentLoaded", resolve));
  translatePage(_);
  wireSwitch(data, lang);
  stripShowsThisPage();
  if (why) note(why);
  if (document.documentElement.dataset.pageLang) {
    const missing = () => {
      let id = location.hash.slice(1);
      try { id = decodeURIComponent(id); } catch { /* a broken %-escape: shown as written */ }
      document.querySelector("[data-testid=anchor-note]")?.remove();
      if (!id || document.getElementById(id)) return;
      note(_("There is no ruling “{id}” on this page; the rulings are listed under Contents in the rulebook.",
        { id: shown(id) })).dataset.testid = "anchor-note";
    };
    missing();
    addEventListener("hashchange", missing);
  }
  document.documentElement.dataset.langReady = lang;
  return { lang, _, n_ };
})();
