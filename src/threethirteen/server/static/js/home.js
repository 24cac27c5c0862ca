// The start page: the game chooser (Three-Thirteen, Thirteen, Rummy), a solo match in one
// click, online tables (create, join). Also the helpers the how-to-play pages and the
// history share: the games of /api/options, their translated names, a picture of each.

import { api, saveSeat } from "./api.js";
import { cardSVG } from "./cards.js";
import { h, clear, toast } from "./dom.js";
import { t } from "./i18n.js";
import { errorText } from "./render.js";
import { guideWanted, startGuide } from "./guide.js";

export const DEFAULT_GAME = "three-thirteen";
export const GAME_NAMES = ["three-thirteen", "thirteen", "rummy"];

let optionsCache = null;

/** GET /api/options, once per page load. */
export async function options() {
  if (!optionsCache) optionsCache = await api("GET", "/api/options");
  return optionsCache;
}

/** The games the server plays (/api/options `games`); an older server's one game otherwise. */
export function gameList(opts) {
  if (Array.isArray(opts.games) && opts.games.length) return opts.games;
  return [
    {
      name: DEFAULT_GAME,
      title: "Three-Thirteen",
      higher_wins: false,
      default_preset: "classic",
      presets: opts.presets,
      house_rules: opts.house_rules,
      difficulties: opts.difficulties,
      bots: opts.bots,
      default_seats: 4,
      default_opponents: 3,
    },
  ];
}

export function findGame(opts, name) {
  const games = gameList(opts);
  return games.find((g) => g.name === name) || games.find((g) => g.name === DEFAULT_GAME) || games[0];
}

/** `t(key)` when the catalogs have it, else `fallback`. */
function known(key, fallback) {
  const text = t(key);
  return text !== key ? text : fallback;
}

/** A game's name in the current language ("Thirteen", "Remik"). */
export function gameTitle(name, fallback = name) {
  return known(`game.${name}`, fallback);
}

// Three-Thirteen's presets and house rules keep their keys from before the other games
// (preset.classic, house.jokers); another game's are keyed by game (preset.rummy.cardgames).
function ruleKey(kind, game, name) {
  return game === DEFAULT_GAME ? `${kind}.${name}` : `${kind}.${game}.${name}`;
}

export function presetLabel(game, name) {
  return known(ruleKey("preset", game, name), name);
}

export function presetSummary(game, preset) {
  return known(`${ruleKey("preset", game, preset.name)}.summary`, preset.summary);
}

export function houseLabel(game, name) {
  return known(ruleKey("house", game, name), name);
}

/** The player counts a game seats over all its presets, as text ("2–8"). */
export function playerRange(game) {
  const lo = Math.min(...game.presets.map((p) => p.min_players));
  const hi = Math.max(...game.presets.map((p) => p.max_players));
  return lo === hi ? String(lo) : `${lo}–${hi}`;
}

// --- pictures: a small card table of each game, drawn with the app's own card faces ----------

function placed(code, x, y, w, rot = 0) {
  const svg = cardSVG(code).replace("<svg ", `<svg x="${x}" y="${y}" width="${w}" height="${(w * 1.4).toFixed(1)}" `);
  return rot ? `<g transform="rotate(${rot} ${x + w / 2} ${y + w * 0.7})">${svg}</g>` : svg;
}

/** Cards fanned round (cx, y); the `wild` ones ringed in gold as the table ringing them. */
function fan(codes, cx, y, w, step, spread, wild = []) {
  const n = codes.length;
  return codes
    .map((code, i) => {
      const k = i - (n - 1) / 2;
      const x = cx - w / 2 + k * step;
      const top = y + Math.abs(k) * 1.5;
      const ring = wild.includes(code)
        ? `<rect x="${x - 1.5}" y="${top - 1.5}" width="${w + 3}" height="${(w * 1.4 + 3).toFixed(1)}" rx="3" fill="#e0a100"/>`
        : "";
      const card = placed(code, x, top, w);
      return `<g transform="rotate(${k * spread} ${x + w / 2} ${top + w * 0.7})">${ring}${card}</g>`;
    })
    .join("");
}

const PICTURES = {
  // Three-Thirteen: the stock and the discard pile, a hand with a set and the round's wild 3.
  "three-thirteen": () =>
    fan(["back", "back", "back"], 80, 8, 15, 6, 8) +
    placed("back", 50, 32, 20) +
    placed("back", 51.5, 30.5, 20) +
    placed("KC", 82, 31, 20, 6) +
    fan(["7H", "7S", "7D", "3C"], 80, 60, 20, 13, 7, ["3C"]),
  // Thirteen: four players round the table, a sequence beaten by a higher one in the middle.
  thirteen: () =>
    fan(["back", "back", "back"], 80, 6, 14, 6, 8) +
    `<g transform="rotate(90 17 50)">${fan(["back", "back", "back"], 17, 43, 14, 6, 8)}</g>` +
    `<g transform="rotate(-90 143 50)">${fan(["back", "back", "back"], 143, 43, 14, 6, 8)}</g>` +
    placed("4D", 44, 30, 18, -4) +
    placed("5S", 56, 30, 18, -4) +
    placed("6C", 68, 30, 18, -4) +
    placed("5H", 70, 35, 18, 3) +
    placed("6S", 82, 35, 18, 3) +
    placed("7H", 94, 35, 18, 3) +
    fan(["9S", "9H", "AD", "2S"], 80, 64, 18, 12, 6),
  // Rummy: a run and a set laid on the table, the stock and the pile, a hand.
  rummy: () =>
    fan(["back", "back", "back"], 80, 6, 14, 6, 8) +
    placed("4C", 24, 30, 16) +
    placed("5C", 34, 30, 16) +
    placed("6C", 44, 30, 16) +
    placed("7D", 100, 30, 16) +
    placed("7H", 110, 30, 16) +
    placed("7S", 120, 30, 16) +
    placed("back", 66, 30, 15) +
    placed("QD", 80, 30, 15, 5) +
    fan(["2H", "3H", "KS", "9C"], 80, 62, 19, 12, 6),
};

/** A picture of a table of `game`: inline SVG, decoration (hidden from screen readers). */
export function gamePicture(game) {
  const span = document.createElement("span");
  span.className = "game-pic";
  span.setAttribute("aria-hidden", "true");
  const body = (PICTURES[game] || PICTURES[DEFAULT_GAME])();
  span.innerHTML =
    '<svg viewBox="0 0 160 100" xmlns="http://www.w3.org/2000/svg" focusable="false">' +
    '<rect x="2" y="2" width="156" height="96" rx="22" fill="#5b3a1a"/>' +
    '<rect x="6" y="6" width="148" height="88" rx="18" fill="#1e6b3c"/>' +
    `${body}</svg>`;
  return span;
}

/** Start a solo match: POST /api/solo with `body`, keep the seat, open the table. */
export async function startSolo(body, navigate) {
  const answer = await api("POST", "/api/solo", body);
  saveSeat(answer.table_id, { ...answer, name: body.name || null });
  navigate(`/t/${answer.table_id}`);
}

// --- preferences --------------------------------------------------------------------------------

const PREF_KEY = "tt.prefs";
export function prefs() {
  try {
    return JSON.parse(localStorage.getItem(PREF_KEY)) || {};
  } catch {
    return {};
  }
}
export function savePrefs(update) {
  localStorage.setItem(PREF_KEY, JSON.stringify({ ...prefs(), ...update }));
}

// Three-Thirteen's choices keep the keys they had before the other games (soloPreset,
// opponents...); another game's are kept under games[<game>]. The name, the timer and the
// takeover time are shared by every game.
function gamePrefs(game) {
  const p = prefs();
  return game === DEFAULT_GAME ? p : p.games?.[game] || {};
}
function saveGamePrefs(game, update, shared = {}) {
  if (game === DEFAULT_GAME) {
    savePrefs({ ...update, ...shared });
    return;
  }
  const games = prefs().games || {};
  savePrefs({ ...shared, games: { ...games, [game]: { ...(games[game] || {}), ...update } } });
}

/** The game the start page shows: the last one chosen, else Three-Thirteen. */
export function chosenGame(opts) {
  const wanted = prefs().game;
  return findGame(opts, GAME_NAMES.includes(wanted) ? wanted : DEFAULT_GAME).name;
}

// --- the forms -----------------------------------------------------------------------------------

const OPTION_EXAMPLES = {
  "three-thirteen": "wild_penalty=50, aces=wrap",
  thirteen: "target=15",
  rummy: "target=150, cards_dealt=7",
};

/** The rules fieldset shared by both forms: preset radios and house-rule checkboxes. */
function rulesFieldset(game, prefix, chosen, onChange) {
  const presetName = `${prefix}-preset`;
  const presets = game.presets.map((p) =>
    h(
      "label.preset",
      {},
      h("input", {
        type: "radio",
        name: presetName,
        value: p.name,
        checked: p.name === chosen.preset,
        onchange: onChange,
      }),
      h("span.preset-name", {}, presetLabel(game.name, p.name)),
      h("span.preset-summary", {}, presetSummary(game.name, p)),
    ),
  );
  const house = game.house_rules.map((rule) =>
    h(
      "label.house",
      { title: Object.entries(rule.options).map(([k, v]) => `${k}=${v}`).join(" ") },
      h("input", {
        type: "checkbox",
        name: `${prefix}-house`,
        value: rule.name,
        checked: (chosen.house || []).includes(rule.name),
      }),
      " ",
      houseLabel(game.name, rule.name),
    ),
  );
  return h(
    "div.rules",
    {},
    h("fieldset.presets", {}, h("legend", {}, t("home.preset")), ...presets),
    h(
      "details.house-rules",
      { open: (chosen.house || []).length > 0 },
      h("summary", {}, t("home.houseRules")),
      h("div.house-list", {}, ...house),
      h(
        "div.row",
        {},
        h("label", { for: `${prefix}-options` }, t("home.moreOptions")),
        h("input", {
          type: "text",
          id: `${prefix}-options`,
          name: `${prefix}-options`,
          placeholder: OPTION_EXAMPLES[game.name] || "",
          value: (chosen.house || []).filter((x) => x.includes("=")).join(", "),
          "aria-describedby": `${prefix}-options-help`,
        }),
        h("small.muted", { id: `${prefix}-options-help` }, t("home.moreOptionsHelp"), " ", h("a", { href: `/#/rules/${game.name}`, "data-nav": "" }, t("home.howToPlay"))),
      ),
    ),
  );
}

function readRules(form, prefix, game) {
  const preset = form.querySelector(`input[name="${prefix}-preset"]:checked`)?.value || game.default_preset;
  const house = [...form.querySelectorAll(`input[name="${prefix}-house"]:checked`)].map((i) => i.value);
  const more = form.querySelector(`input[name="${prefix}-options"]`)?.value || "";
  for (const part of more.split(/[,;\s]+/)) if (part.includes("=")) house.push(part.trim());
  return { preset, house };
}

// Three-Thirteen's quick game: the last three rounds (docs/rules.md, option hand_sizes).
export const QUICK_GAME = "hand_sizes=11,12,13";

function presetInfo(game, name) {
  return game.presets.find((p) => p.name === name) || { min_players: 2, max_players: 8 };
}

function fillSelect(select, values, selected, labelOf = (v) => String(v)) {
  clear(select);
  for (const v of values) select.append(h("option", { value: String(v), selected: String(v) === String(selected) }, labelOf(v)));
}

function range(lo, hi) {
  const out = [];
  for (let i = lo; i <= hi; i++) out.push(i);
  return out;
}

function validPreset(game, name) {
  return game.presets.some((p) => p.name === name) ? name : game.default_preset || game.presets[0]?.name;
}

/** The solo form of `game`: preset, house rules, opponents, difficulty, name, Play. */
function soloForm(opts, game, { navigate, name }) {
  const p = gamePrefs(game.name);
  const shared = prefs();
  const difficulties = game.difficulties.filter((d) => d.available);
  const chosen = { preset: validPreset(game, p.soloPreset), house: p.soloHouse || [] };
  const opponents = h("select#solo-opponents", { name: "opponents" });
  const difficulty = h("select#solo-difficulty", { name: "difficulty" });
  // The host's engines (threethirteen serve --engine) are picked like difficulties, at any
  // game's table (one that does not play the game is replaced by the stand-in at once).
  const engines = (opts.engines || []).map((e) => e.name);
  const difficultyLabel = (d) => {
    if (d === "each") return t("home.eachDifficulty");
    if (engines.includes(d)) return t("difficulty.engine", { name: d });
    return known(`difficulty.${d}`, d);
  };
  const names = [...difficulties.map((d) => d.name), ...engines];
  const wanted = [...names, "each"].includes(p.difficulty) ? p.difficulty : (difficulties[1] || difficulties[0])?.name;
  fillSelect(difficulty, [...names, "each"], wanted, difficultyLabel);
  // "Each their own": one select per opponent, named by where it sits.
  const each = h("div.row.each-difficulty#solo-each", { role: "group", "aria-label": t("home.eachDifficulty") });
  const updateEach = () => {
    const n = Number(opponents.value) || 1;
    const previous = [...each.querySelectorAll("select")].map((x) => x.value);
    clear(each);
    each.hidden = difficulty.value !== "each";
    const seats = n === 3 ? ["left", "top", "right"] : n === 2 ? ["left", "right"] : null;
    for (let i = 0; i < n; i++) {
      const id = `solo-difficulty-${i}`;
      const select = h("select", { id, name: "difficulties" });
      fillSelect(select, names, previous[i] || p.difficulties?.[i] || names[Math.min(i, names.length - 1)], difficultyLabel);
      each.append(h("label", { for: id }, seats ? t(`pos.${seats[i]}`) : t("home.opponentN", { n: i + 1 })), select);
    }
  };
  difficulty.addEventListener("change", updateEach);
  const soloName = h("input#solo-name", { type: "text", name: "name", maxlength: "24", autocomplete: "nickname", value: name ?? shared.name ?? "", placeholder: t("home.namePlaceholder") });
  // How fast the bots move (the table's Settings panel changes it during play too).
  const speed = h("select#solo-speed", { name: "bot_speed" });
  fillSelect(speed, ["slow", "normal", "fast"], shared.botSpeed || "normal", (v) => t(`feel.speed.${v}`));
  const form = h("form.panel.solo#solo-form", { "aria-labelledby": "solo-title", "data-game": game.name });
  const updateOpponents = () => {
    const info = presetInfo(game, readRules(form, "solo", game).preset);
    const lo = Math.max(1, info.min_players - 1);
    const hi = Math.min(7, info.max_players - 1);
    const current = Number(opponents.value) || p.opponents || game.default_opponents || 1;
    fillSelect(opponents, range(lo, hi), Math.min(hi, Math.max(lo, current)));
    opponents.disabled = lo === hi;
    updateEach();
  };
  opponents.addEventListener("change", updateEach);
  const title = gameTitle(game.name, game.title);
  // Three-Thirteen: a quick game (the last 3 rounds) beside the presets, and the guided
  // first round (js/guide.js), offered until one was finished or skipped.
  const firstGame = game.name === DEFAULT_GAME;
  const quick = firstGame ? h("input#solo-quick", { type: "checkbox", name: "solo-quick", checked: Boolean(p.soloQuick) }) : null;
  const guide = firstGame ? h("input#solo-guide", { type: "checkbox", name: "solo-guide", checked: guideWanted() }) : null;
  const rules = rulesFieldset(game, "solo", chosen, updateOpponents);
  if (quick) rules.querySelector("fieldset.presets").append(h("label.quick-game", { for: "solo-quick" }, quick, " ", t("home.quick")));
  form.append(
    h("h2#solo-title", {}, t("home.soloTitle")),
    h("p.lead", {}, t("home.soloLead")),
    rules,
    h(
      "div.row",
      {},
      h("label", { for: "solo-opponents" }, t("home.opponents")),
      opponents,
      h("label", { for: "solo-difficulty" }, t("home.difficulty")),
      difficulty,
    ),
    each,
    h("div.row", {}, h("label", { for: "solo-speed" }, t("feel.botSpeed")), speed),
    h("div.row", {}, h("label", { for: "solo-name" }, t("home.yourName")), soloName),
    guide ? h("div.row.guide-offer", {}, h("label", { for: "solo-guide" }, guide, " ", t("guide.offer"))) : null,
    h("button.primary.big#solo-play", { type: "submit" }, t("home.playGame", { game: title })),
  );
  updateOpponents();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const rules = readRules(form, "solo", game);
    const player = soloName.value.trim();
    const picked = [...each.querySelectorAll("select")].map((x) => x.value);
    const saved = { soloPreset: rules.preset, soloHouse: rules.house, difficulty: difficulty.value, difficulties: picked, opponents: Number(opponents.value) };
    if (quick) saved.soloQuick = quick.checked;
    saveGamePrefs(game.name, saved, { name: player, game: game.name, botSpeed: speed.value });
    if (quick?.checked) {
      // The quick game's hand sizes replace any other (a house rule such as six-fourteen).
      const sizing = new Set(game.house_rules.filter((r) => "hand_sizes" in (r.options || {})).map((r) => r.name));
      rules.house = [...rules.house.filter((x) => !x.startsWith("hand_sizes=") && !sizing.has(x)), QUICK_GAME];
    }
    const button = form.querySelector("button[type=submit]");
    button.disabled = true;
    try {
      const body = { game: game.name, rules, opponents: Number(opponents.value), bot_speed: speed.value };
      if (difficulty.value === "each") body.difficulties = picked;
      else body.difficulty = difficulty.value;
      if (player) body.name = player;
      const go = guide?.checked ? (path) => { startGuide(path.split("/").pop()); navigate(path); } : navigate;
      await startSolo(body, go);
    } catch (err) {
      toast(errorText(err));
      button.disabled = false;
    }
  });
  return form;
}

/** The online form of `game`: preset, house rules, seats, timers, name, Create table. */
function onlineForm(game, { navigate, name }) {
  const p = gamePrefs(game.name);
  const shared = prefs();
  const chosen = { preset: validPreset(game, p.onlinePreset), house: p.onlineHouse || [] };
  const onlineName = h("input#online-name", { type: "text", name: "name", required: true, maxlength: "24", autocomplete: "nickname", value: name ?? shared.name ?? "", placeholder: t("home.namePlaceholder") });
  const seats = h("select#online-seats", { name: "seats" });
  const timer = h("select#online-timer", { name: "turn_seconds" });
  fillSelect(timer, ["", 30, 60, 120], shared.turnSeconds ?? "", (v) => (v === "" ? t("home.noTimer") : t("home.seconds", { n: v })));
  const takeover = h("select#online-takeover", { name: "takeover_seconds" });
  fillSelect(takeover, ["", 30, 60, 120], shared.takeover ?? 60, (v) => (v === "" ? t("home.noTakeover") : t("home.seconds", { n: v })));
  const form = h("form.panel.online#online-form", { "aria-labelledby": "online-title", "data-game": game.name });
  const updateSeats = () => {
    const info = presetInfo(game, readRules(form, "online", game).preset);
    const lo = Math.max(2, info.min_players);
    const hi = Math.min(8, info.max_players);
    const current = Number(seats.value) || p.seats || game.default_seats || lo;
    fillSelect(seats, range(lo, hi), Math.min(hi, Math.max(lo, current)));
  };
  form.append(
    h("h2#online-title", {}, t("home.onlineTitle")),
    h("p.lead", {}, t("home.onlineLead")),
    rulesFieldset(game, "online", chosen, updateSeats),
    h("div.row", {}, h("label", { for: "online-seats" }, t("home.seats")), seats, h("label", { for: "online-timer" }, t("home.timer")), timer),
    h("div.row", {}, h("label", { for: "online-takeover" }, t("home.takeover")), takeover),
    h("div.row", {}, h("label", { for: "online-name" }, t("home.yourName")), onlineName),
    h("button.primary#online-create", { type: "submit" }, t("home.createTable")),
  );
  updateSeats();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const player = onlineName.value.trim();
    if (!player) {
      onlineName.focus();
      return;
    }
    const rules = readRules(form, "online", game);
    saveGamePrefs(
      game.name,
      { onlinePreset: rules.preset, onlineHouse: rules.house, seats: Number(seats.value) },
      { name: player, turnSeconds: timer.value, takeover: takeover.value, game: game.name },
    );
    try {
      const answer = await api("POST", "/api/tables", {
        game: game.name,
        name: player,
        rules,
        seats: Number(seats.value),
        turn_seconds: timer.value ? Number(timer.value) : null,
        takeover_seconds: takeover.value ? Number(takeover.value) : null,
      });
      saveSeat(answer.table_id, { ...answer, name: player });
      navigate(`/t/${answer.table_id}`);
    } catch (err) {
      toast(errorText(err));
    }
  });
  return form;
}

/** The game chooser: one card a game, a radio each, with a picture and a how-to link. */
function gameChooser(opts, current, onChoose) {
  const cards = gameList(opts).map((game) =>
    h(
      `div.game-card${game.name === current ? ".chosen" : ""}`,
      { "data-game": game.name },
      h(
        "label.game-pick",
        {},
        h("input", {
          type: "radio",
          name: "game",
          value: game.name,
          checked: game.name === current,
          "aria-describedby": `game-desc-${game.name}`,
          onchange: () => onChoose(game.name),
        }),
        gamePicture(game.name),
        h("span.game-title", {}, gameTitle(game.name, game.title)),
      ),
      h(
        "p.game-desc",
        { id: `game-desc-${game.name}` },
        known(`game.${game.name}.lead`, ""),
        " ",
        h("span.game-players", {}, t("home.players", { n: playerRange(game) })),
      ),
      h("a.howto-link", { href: `/#/rules/${game.name}`, "data-nav": "" }, t("home.howToPlayGame", { game: gameTitle(game.name, game.title) })),
    ),
  );
  return h(
    "section.panel.games#games",
    { "aria-labelledby": "games-title" },
    h("h1#games-title", {}, t("home.chooseGame")),
    h("div.game-cards", { role: "radiogroup", "aria-labelledby": "games-title" }, cards),
  );
}

function openTables(opts) {
  const list = h("ul.table-list#open-tables", { "aria-live": "polite" });
  const panel = h("section.panel.open", { "aria-labelledby": "open-title" }, h("h2#open-title", {}, t("home.openTables")), list);
  // One page of the live tables that are not solo matches (the list is paginated: 20 by
  // default); the server leaves the solo ones out.
  api("GET", "/api/tables?solo=false&limit=24")
    .then(({ tables: all }) => {
      // Tables waiting for players first; of those being played, only those of several
      // people (a solo match is nobody else's business).
      const humans = (table) => table.seats.filter((x) => x.kind === "human").length;
      const tables = [...all.filter((x) => x.status === "lobby"), ...all.filter((x) => x.status === "playing" && humans(x) > 1)];
      if (!tables.length) list.append(h("li.muted", {}, t("home.noTables")));
      for (const table of tables.slice(0, 12)) {
        const game = table.game || DEFAULT_GAME;
        const filled = table.seats.filter((s) => s.kind !== "empty").length;
        const names = table.seats.filter((s) => s.kind !== "empty").map((s) => s.name).join(", ");
        const verb = t(table.status === "lobby" && filled < table.seats.length ? "home.join" : "home.watch");
        const title = gameTitle(game, findGame(opts, game)?.title);
        list.append(
          h(
            "li",
            { "data-game": game, "data-table": table.id },
            h("a", { href: `/t/${table.id}`, "data-nav": "" }, `${verb}: `, h("span.table-game", {}, title), ` · ${presetLabel(game, table.rules.preset || table.rules.name)} · ${filled}/${table.seats.length}`),
            " ",
            h("span.muted", {}, `${t(`status.${table.status}`)} — ${names}`),
          ),
        );
      }
    })
    .catch(() => list.append(h("li.muted", {}, t("home.noTables"))));
  return panel;
}

/** The server's options for a page: "Loading…" meanwhile, the error shown (and null) if
 * they cannot be had. */
export async function loadOptions(main) {
  clear(main);
  main.append(h("p.loading", {}, t("common.loading")));
  try {
    return await options();
  } catch (err) {
    clear(main);
    main.append(h("p.error", { role: "alert" }, t("error.server", { message: err.message })));
    return null;
  }
}

export async function renderHome(main, { navigate }) {
  const opts = await loadOptions(main);
  if (!opts) return;
  let current = chosenGame(opts);
  const forms = h("div.forms");
  const side = h("div.side");
  const open = openTables(opts);
  const draw = (names = {}) => {
    const game = findGame(opts, current);
    clear(forms);
    clear(side);
    forms.append(soloForm(opts, game, { navigate, name: names.solo }));
    side.append(onlineForm(game, { navigate, name: names.online }), open);
  };
  const home = h("div.home", { "data-game": current });
  const chooser = gameChooser(opts, current, (name) => {
    // What the player typed in the name fields survives the change of game.
    const names = { solo: main.querySelector("#solo-name")?.value, online: main.querySelector("#online-name")?.value };
    current = name;
    home.dataset.game = name;
    savePrefs({ game: name });
    for (const card of chooser.querySelectorAll(".game-card")) card.classList.toggle("chosen", card.dataset.game === name);
    draw(names);
  });
  draw();
  clear(main);
  home.append(chooser, forms, side);
  main.append(home);
}
