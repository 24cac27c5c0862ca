// Message catalogs: /static/i18n/<lang>.json, flat keys, "{name}" placeholders.
// English is the fallback for any key a catalog lacks.

export const LANGUAGES = ["en", "pl"];
const STORAGE_KEY = "tt.lang";
const catalogs = {};
let current = "en";

// Each game other than Three-Thirteen keeps its own strings (keys "<game>.*") in
// /static/i18n/<game>.<lang>.json; they are merged into the language's catalog.
const GAME_CATALOGS = ["thirteen", "rummy"];

async function fetchCatalog(path) {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`catalog ${path}: HTTP ${response.status}`);
  return response.json();
}

async function load(lang) {
  if (!catalogs[lang]) {
    const parts = await Promise.all([
      fetchCatalog(`/static/i18n/${lang}.json`),
      ...GAME_CATALOGS.map((game) => fetchCatalog(`/static/i18n/${game}.${lang}.json`)),
    ]);
    catalogs[lang] = Object.assign({}, ...parts);
  }
  return catalogs[lang];
}

export function initialLanguage() {
  const params = new URLSearchParams(location.search);
  const wanted = params.get("lang") || localStorage.getItem(STORAGE_KEY) || (navigator.language || "en").slice(0, 2);
  return LANGUAGES.includes(wanted) ? wanted : "en";
}

export async function setLanguage(lang) {
  if (!LANGUAGES.includes(lang)) lang = "en";
  await load("en");
  await load(lang);
  current = lang;
  localStorage.setItem(STORAGE_KEY, lang);
  document.documentElement.lang = lang;
  for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of document.querySelectorAll("[data-i18n-label]")) el.setAttribute("aria-label", t(el.dataset.i18nLabel));
}

export function language() {
  return current;
}

/** The message `key` in the current language, with {placeholders} filled from `params`. */
export function t(key, params = {}) {
  let text = catalogs[current]?.[key] ?? catalogs.en?.[key];
  if (text === undefined) return key;
  // Plural forms: an object {"one": ..., "few": ..., "many": ..., "other": ...} chosen by params.n.
  if (typeof text === "object") {
    const rule = new Intl.PluralRules(current).select(Number(params.n ?? 0));
    text = text[rule] ?? text.other;
  }
  return text.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}
