// The app: language, routing. Routes: "/" (start page), "/t/<id>" (a table, the invite
// link), "/#/history", "/#/stats" (this browser's statistics), "/#/replay/<id>", "/#/rules/<game>" (how to play; "/#/rules": the
// game last chosen).

import { api } from "./api.js";
import { clear, h } from "./dom.js";
import { renderHistory, renderStats, ReplayPage } from "./history.js";
import { renderHome } from "./home.js";
import { renderHowto } from "./howto.js";
import { initialLanguage, language, setLanguage, t } from "./i18n.js";
import { TablePage } from "./table.js";

const main = document.getElementById("main");
let page = null;

function navigate(path) {
  history.pushState(null, "", path);
  window.dispatchEvent(new HashChangeEvent("hashchange"));
}

async function route() {
  page?.destroy?.();
  page = null;
  const hash = location.hash.startsWith("#/") ? location.hash.slice(1) : "";
  const tableMatch = /^\/t\/([\w-]+)\/?$/.exec(location.pathname);
  document.body.dataset.page = "";
  document.title = t("app.title");
  if (tableMatch && !hash) {
    document.body.dataset.page = "table";
    page = new TablePage(main, tableMatch[1], { navigate });
    return;
  }
  const replayMatch = /^\/replay\/([\w-]+)$/.exec(hash);
  if (replayMatch) {
    document.body.dataset.page = "replay";
    page = new ReplayPage(main, replayMatch[1]);
    return;
  }
  const rulesMatch = /^\/rules(?:\/([\w-]+))?\/?$/.exec(hash);
  if (rulesMatch) {
    document.body.dataset.page = "rules";
    await renderHowto(main, rulesMatch[1] || null, { navigate });
    window.scrollTo(0, 0);
    return;
  }
  if (hash === "/stats") {
    document.body.dataset.page = "stats";
    await renderStats(main);
    return;
  }
  if (hash === "/history") {
    document.body.dataset.page = "history";
    await renderHistory(main);
    return;
  }
  document.body.dataset.page = "home";
  await renderHome(main, { navigate });
}

function rerender() {
  if (page?.render && (page.snap || page.data)) page.render();
  else route();
}

async function boot() {
  await setLanguage(initialLanguage());
  const switcher = document.getElementById("lang-switch");
  const updateSwitch = () => {
    const other = language() === "en" ? "pl" : "en";
    switcher.textContent = other.toUpperCase();
    switcher.setAttribute("aria-label", t("nav.switchLanguage"));
    switcher.dataset.lang = other;
    document.title = t("app.title");
  };
  updateSwitch();
  switcher.addEventListener("click", async () => {
    await setLanguage(switcher.dataset.lang);
    updateSwitch();
    rerender();
  });
  // In-app links (data-nav) navigate without a reload.
  document.addEventListener("click", (event) => {
    const link = event.target.closest?.("a[data-nav]");
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(link.getAttribute("href"));
  });
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const tag = event.target?.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") {
      if (event.key !== "Escape") return;
    }
    page?.onKey?.(event);
  });
  let lastRoute = location.pathname + (location.hash.startsWith("#/") ? location.hash : "");
  const onHash = () => {
    const now = location.pathname + (location.hash.startsWith("#/") ? location.hash : "");
    if (now !== lastRoute) {
      lastRoute = now;
      route();
    }
  };
  window.addEventListener("hashchange", onHash);
  window.addEventListener("popstate", onHash);
  // The lobby's bot pickers need the difficulties.
  api("GET", "/api/options")
    .then((opts) => {
      window.ttOptions = opts;
      if (page?.snap?.table?.status === "lobby") page.render();
    })
    .catch(() => {});
  await route();
}

boot().catch((err) => {
  clear(main);
  main.append(h("p.error", { role: "alert" }, String(err)));
});
