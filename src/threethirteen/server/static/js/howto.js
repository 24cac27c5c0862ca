// How to play: /#/rules/<game>. A page a newcomer reads in five minutes (the goal, the deal,
// a turn, melds or combinations, going out, scoring, the end of the match), written from
// docs/rules.md, docs/thirteen.md and docs/rummy.md, with small card pictures; then the
// presets and house rules the server offers (from /api/options), and a Play button.
//
// The text is in the catalogs: howto.<game>.<section>.title, .p1, .p2 ... (paragraphs),
// .li1 ... (a list) and .ex1 ... (the caption of an example's cards).

import { cardElement, isWild } from "./cards.js";
import { clear, h, toast } from "./dom.js";
import { t } from "./i18n.js";
import { errorText } from "./render.js";
import {
  DEFAULT_GAME,
  GAME_NAMES,
  findGame,
  gameList,
  gamePicture,
  gameTitle,
  houseLabel,
  loadOptions,
  playerRange,
  prefs,
  presetLabel,
  presetSummary,
  savePrefs,
  startSolo,
} from "./home.js";

// Each section: its paragraphs (p before the list and the examples, `after` below them: the
// keys p1, p2 ... run on), list items (li, ordered when ol), examples (cards, the wild rank
// of the example's round when it has one, a card to point out).
const GUIDES = {
  "three-thirteen": [
    { id: "goal", p: 1 },
    { id: "deal", p: 3, ex: [{ cards: "9H 5C JH", wild: "5" }] },
    { id: "turn", ol: 2, after: 1 },
    { id: "melds", p: 3, ex: [{ cards: "7H 7H 7S" }, { cards: "5S 6S 7S 8S" }, { cards: "AD 2D 3D" }] },
    { id: "out", p: 2 },
    { id: "scoring", p: 2, ex: [{ cards: "KD 4C 6H", wild: "6" }] },
    { id: "end", p: 2 },
  ],
  thirteen: [
    { id: "goal", p: 1 },
    { id: "deal", p: 3, ex: [{ cards: "3S 7D KC AH 2H" }, { cards: "5S 5C 5D 5H" }] },
    { id: "turn", p: 3 },
    {
      id: "combos",
      p: 1,
      ex: [{ cards: "7D" }, { cards: "9S 9H" }, { cards: "QC QD QH" }, { cards: "5S 5C 5D 5H" }, { cards: "4D 5S 6S" }, { cards: "3S 3H 4C 4D 5S 5C" }],
    },
    { id: "beat", p: 1, ex: [{ cards: "5C 5H", over: "5S 5D" }, { cards: "5C 6H 7D", over: "5D 6D 7C" }] },
    { id: "bombs", p: 1, ul: 4, ex: [{ cards: "9S 9C 9D 9H", over: "2H" }] },
    { id: "out", p: 1 },
    { id: "scoring", p: 2 },
    { id: "end", p: 2 },
  ],
  rummy: [
    { id: "goal", p: 1 },
    { id: "deal", p: 3 },
    { id: "turn", ol: 3, after: 2 },
    { id: "melds", p: 4, ex: [{ cards: "7D 7H 7S" }, { cards: "4C 5C 6C" }, { cards: "AH 2H 3H" }, { cards: "4C 5C 6C 7C", mark: "7C" }] },
    { id: "out", p: 2 },
    { id: "scoring", p: 1, ex: [{ cards: "KD 7S AC" }] },
    { id: "end", p: 1 },
  ],
};

function keys(prefix, n, kind) {
  return Array.from({ length: n || 0 }, (_, i) => `${prefix}.${kind}${i + 1}`);
}

function example(game, section, index, { cards, wild = null, mark = null, over = null }) {
  const caption = t(`howto.${game}.${section}.ex${index + 1}`);
  const card = (code) => cardElement(code, { t, wild: wild !== null && isWild(code, wild), extraClass: code === mark ? "marked" : "" });
  const row = h("div.card-row.howto-cards", {}, cards.split(" ").map(card));
  // A play beating another: the cards on the table, an arrow, the cards that beat them.
  const shown = over
    ? h("div.howto-beat", {}, h("div.card-row.howto-cards.beaten", {}, over.split(" ").map(card)), h("span.howto-arrow", { "aria-hidden": "true" }, "\u2192"), row)
    : row;
  return h("figure.howto-example", {}, shown, h("figcaption", {}, caption));
}

function section(game, spec) {
  const prefix = `howto.${game}.${spec.id}`;
  const body = [h("h2", { id: `howto-${spec.id}` }, t(`${prefix}.title`))];
  const paragraphs = keys(prefix, (spec.p || 0) + (spec.after || 0), "p").map((key) => h("p", {}, t(key)));
  body.push(...paragraphs.slice(0, spec.p || 0));
  if (spec.ol || spec.ul) {
    const items = keys(prefix, spec.ol || spec.ul, "li").map((key) => h("li", {}, t(key)));
    body.push(h(spec.ol ? "ol" : "ul", {}, items));
  }
  if (spec.ex) body.push(h("div.howto-examples", {}, spec.ex.map((ex, i) => example(game, spec.id, i, ex))));
  body.push(...paragraphs.slice(spec.p || 0));
  return h("section.howto-section", { "data-section": spec.id, "aria-labelledby": `howto-${spec.id}` }, body);
}

/** What the server offers: each preset (name, summary, description) and house rule (name,
 * the options it sets), straight from /api/options so the page stays true to the server. */
function serverRules(game) {
  const presets = game.presets.map((p) =>
    h(
      "li.howto-preset",
      { "data-preset": p.name },
      h("strong", {}, presetLabel(game.name, p.name)),
      p.name === game.default_preset ? h("span.badge", {}, t("howto.rules.default")) : null,
      " ",
      h("code", {}, p.name),
      h("br"),
      // The translated summary says who plays and how it differs (the server's English
      // description is left out: every text of the page is in the page's language).
      presetSummary(game.name, p),
    ),
  );
  const house = game.house_rules.map((rule) =>
    h(
      "li.howto-house",
      { "data-house": rule.name },
      h("span.house-name", {}, houseLabel(game.name, rule.name)),
      " ",
      h("code", {}, rule.name),
      " ",
      h("span.muted", {}, t("howto.rules.sets")),
      Object.entries(rule.options).map(([k, v]) => h("code.option", {}, `${k}=${Array.isArray(v) ? v.join(",") : v}`)),
    ),
  );
  return h(
    "section.howto-section.howto-server",
    { "data-section": "server", "aria-labelledby": "howto-server" },
    h("h2#howto-server", {}, t("howto.rules.title")),
    h("p", {}, t("howto.rules.lead")),
    h("h3", {}, t("howto.rules.presets")),
    h("ul.howto-presets", {}, presets),
    h("h3", {}, t("howto.rules.house")),
    house.length ? h("ul.howto-house-rules", {}, house) : h("p.muted", {}, t("howto.rules.noHouse")),
    h("p.muted", {}, t("howto.rules.more")),
  );
}

function playButton(game, navigate, id) {
  const title = gameTitle(game.name, game.title);
  return h(
    "button.primary.big.howto-play",
    {
      type: "button",
      id,
      onclick: async (event) => {
        const button = event.currentTarget;
        button.disabled = true;
        const name = prefs().name;
        savePrefs({ game: game.name });
        try {
          await startSolo(name ? { game: game.name, name } : { game: game.name }, navigate);
        } catch (err) {
          toast(errorText(err));
          button.disabled = false;
        }
      },
    },
    t("howto.play", { game: title }),
  );
}

/** The how-to-play page of `name` (none: the game last chosen on the start page). */
export async function renderHowto(main, name, { navigate }) {
  const opts = await loadOptions(main);
  if (!opts) return;
  const wanted = name || (GAME_NAMES.includes(prefs().game) ? prefs().game : DEFAULT_GAME);
  const game = gameList(opts).find((g) => g.name === wanted);
  clear(main);
  const tabs = h(
    "nav.howto-games",
    { "aria-label": t("howto.games") },
    gameList(opts).map((g) =>
      h("a", { href: `/#/rules/${g.name}`, "data-nav": "", "aria-current": g.name === wanted ? "page" : null }, gameTitle(g.name, g.title)),
    ),
  );
  if (!game || !GUIDES[game.name]) {
    main.append(h("article.panel.howto", {}, tabs, h("h1", {}, t("howto.unknownTitle")), h("p.error", { role: "alert" }, t("howto.unknown", { game: String(wanted).slice(0, 40) }))));
    return;
  }
  const title = gameTitle(game.name, game.title);
  document.title = `${t("howto.title", { game: title })} · ${t("app.title")}`;
  const head = h(
    "header.howto-head",
    {},
    gamePicture(game.name),
    h(
      "div",
      {},
      h("h1#howto-title", {}, t("howto.title", { game: title })),
      h("p.lead", {}, t(`game.${game.name}.lead`), " ", h("span.game-players", {}, t("home.players", { n: playerRange(findGame(opts, game.name)) }))),
      h("p.howto-intro", {}, t(`howto.${game.name}.intro`)),
      playButton(game, navigate, "howto-play"),
    ),
  );
  const sections = GUIDES[game.name].map((spec) => section(game.name, spec));
  main.append(
    h(
      "article.panel.howto#howto",
      { "data-game": game.name, "aria-labelledby": "howto-title" },
      tabs,
      head,
      sections,
      serverRules(game),
      h("div.howto-foot", {}, playButton(game, navigate, "howto-play-bottom"), h("a.button", { href: "/", "data-nav": "" }, t("howto.back"))),
    ),
  );
}
