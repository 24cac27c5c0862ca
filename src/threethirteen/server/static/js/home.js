// The start page: a solo match in one click, online tables (create, join).

import { api, saveSeat } from "./api.js";
import { h, clear, toast } from "./dom.js";
import { t } from "./i18n.js";

let optionsCache = null;

async function options() {
  if (!optionsCache) optionsCache = await api("GET", "/api/options");
  return optionsCache;
}

const PREF_KEY = "tt.prefs";
function prefs() {
  try {
    return JSON.parse(localStorage.getItem(PREF_KEY)) || {};
  } catch {
    return {};
  }
}
function savePrefs(update) {
  localStorage.setItem(PREF_KEY, JSON.stringify({ ...prefs(), ...update }));
}

/** The rules fieldset shared by both forms: preset radios and house-rule checkboxes. */
function rulesFieldset(opts, prefix, chosen, onChange) {
  const presetName = `${prefix}-preset`;
  const presets = opts.presets.map((p) =>
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
      h("span.preset-name", {}, t(`preset.${p.name}`) !== `preset.${p.name}` ? t(`preset.${p.name}`) : p.name),
      h("span.preset-summary", {}, t(`preset.${p.name}.summary`) !== `preset.${p.name}.summary` ? t(`preset.${p.name}.summary`) : p.summary),
    ),
  );
  const house = opts.house_rules.map((rule) => {
    const key = `house.${rule.name}`;
    const label = t(key) !== key ? t(key) : rule.name;
    return h(
      "label.house",
      {},
      h("input", {
        type: "checkbox",
        name: `${prefix}-house`,
        value: rule.name,
        checked: (chosen.house || []).includes(rule.name),
      }),
      " ",
      label,
    );
  });
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
          placeholder: "wild_penalty=50, aces=wrap",
          value: (chosen.house || []).filter((x) => x.includes("=")).join(", "),
          "aria-describedby": `${prefix}-options-help`,
        }),
        h("small.muted", { id: `${prefix}-options-help` }, t("home.moreOptionsHelp")),
      ),
    ),
  );
}

function readRules(form, prefix) {
  const preset = form.querySelector(`input[name="${prefix}-preset"]:checked`)?.value || "classic";
  const house = [...form.querySelectorAll(`input[name="${prefix}-house"]:checked`)].map((i) => i.value);
  const more = form.querySelector(`input[name="${prefix}-options"]`)?.value || "";
  for (const part of more.split(/[,;\s]+/)) if (part.includes("=")) house.push(part.trim());
  return { preset, house };
}

function presetInfo(opts, name) {
  return opts.presets.find((p) => p.name === name) || { min_players: 2, max_players: 8 };
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

export async function renderHome(main, { navigate }) {
  clear(main);
  main.append(h("p.loading", {}, t("common.loading")));
  let opts;
  try {
    opts = await options();
  } catch (err) {
    clear(main);
    main.append(h("p.error", { role: "alert" }, t("error.server", { message: err.message })));
    return;
  }
  const p = prefs();
  const difficulties = opts.difficulties.filter((d) => d.available);
  const chosenSolo = { preset: p.soloPreset || "classic", house: p.soloHouse || [] };
  const chosenOnline = { preset: p.onlinePreset || "classic", house: p.onlineHouse || [] };

  // --- solo
  const opponents = h("select#solo-opponents", { name: "opponents" });
  const difficulty = h("select#solo-difficulty", { name: "difficulty" });
  // The host's engines (threethirteen serve --engine) are picked like difficulties.
  const engines = (opts.engines || []).map((e) => e.name);
  const difficultyLabel = (d) => {
    if (d === "each") return t("home.eachDifficulty");
    if (engines.includes(d)) return t("difficulty.engine", { name: d });
    const key = `difficulty.${d}`;
    return t(key) !== key ? t(key) : d;
  };
  const names = [...difficulties.map((d) => d.name), ...engines];
  fillSelect(difficulty, [...names, "each"], p.difficulty || (difficulties[1] || difficulties[0])?.name, difficultyLabel);
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
  const soloName = h("input#solo-name", { type: "text", name: "name", maxlength: "24", autocomplete: "nickname", value: p.name || "", placeholder: t("home.namePlaceholder") });
  const soloForm = h("form.panel.solo#solo-form", { "aria-labelledby": "solo-title" });
  const updateOpponents = () => {
    const rules = readRules(soloForm, "solo");
    const info = presetInfo(opts, rules.preset);
    const lo = Math.max(1, info.min_players - 1);
    const hi = Math.min(7, info.max_players - 1);
    const current = Number(opponents.value) || p.opponents || 3;
    fillSelect(opponents, range(lo, hi), Math.min(hi, Math.max(lo, current)));
    opponents.disabled = lo === hi;
    updateEach();
  };
  opponents.addEventListener("change", updateEach);
  soloForm.append(
    h("h2#solo-title", {}, t("home.soloTitle")),
    h("p.lead", {}, t("home.soloLead")),
    rulesFieldset(opts, "solo", chosenSolo, updateOpponents),
    h(
      "div.row",
      {},
      h("label", { for: "solo-opponents" }, t("home.opponents")),
      opponents,
      h("label", { for: "solo-difficulty" }, t("home.difficulty")),
      difficulty,
    ),
    each,
    h("div.row", {}, h("label", { for: "solo-name" }, t("home.yourName")), soloName),
    h("button.primary.big#solo-play", { type: "submit" }, t("home.play")),
  );
  updateOpponents();
  soloForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    const rules = readRules(soloForm, "solo");
    const name = soloName.value.trim();
    const chosen = [...each.querySelectorAll("select")].map((x) => x.value);
    savePrefs({ soloPreset: rules.preset, soloHouse: rules.house, difficulty: difficulty.value, difficulties: chosen, opponents: Number(opponents.value), name });
    const button = soloForm.querySelector("button[type=submit]");
    button.disabled = true;
    try {
      const body = { rules, opponents: Number(opponents.value) };
      if (difficulty.value === "each") body.difficulties = chosen;
      else body.difficulty = difficulty.value;
      if (name) body.name = name;
      const answer = await api("POST", "/api/solo", body);
      saveSeat(answer.table_id, { ...answer, name: name || null });
      navigate(`/t/${answer.table_id}`);
    } catch (err) {
      toast(t("error.server", { message: err.message }));
      button.disabled = false;
    }
  });

  // --- online
  const onlineName = h("input#online-name", { type: "text", name: "name", required: true, maxlength: "24", autocomplete: "nickname", value: p.name || "", placeholder: t("home.namePlaceholder") });
  const seats = h("select#online-seats", { name: "seats" });
  const timer = h("select#online-timer", { name: "turn_seconds" });
  fillSelect(timer, ["", 30, 60, 120], p.turnSeconds ?? "", (v) => (v === "" ? t("home.noTimer") : t("home.seconds", { n: v })));
  const takeover = h("select#online-takeover", { name: "takeover_seconds" });
  fillSelect(takeover, ["", 30, 60, 120], p.takeover ?? 60, (v) => (v === "" ? t("home.noTakeover") : t("home.seconds", { n: v })));
  const onlineForm = h("form.panel.online#online-form", { "aria-labelledby": "online-title" });
  const updateSeats = () => {
    const info = presetInfo(opts, readRules(onlineForm, "online").preset);
    const current = Number(seats.value) || p.seats || 4;
    fillSelect(seats, range(Math.max(2, info.min_players), Math.min(8, info.max_players)), Math.min(info.max_players, Math.max(info.min_players, current)));
  };
  onlineForm.append(
    h("h2#online-title", {}, t("home.onlineTitle")),
    h("p.lead", {}, t("home.onlineLead")),
    rulesFieldset(opts, "online", chosenOnline, updateSeats),
    h("div.row", {}, h("label", { for: "online-seats" }, t("home.seats")), seats, h("label", { for: "online-timer" }, t("home.timer")), timer),
    h("div.row", {}, h("label", { for: "online-takeover" }, t("home.takeover")), takeover),
    h("div.row", {}, h("label", { for: "online-name" }, t("home.yourName")), onlineName),
    h("button.primary#online-create", { type: "submit" }, t("home.createTable")),
  );
  updateSeats();
  onlineForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = onlineName.value.trim();
    if (!name) {
      onlineName.focus();
      return;
    }
    const rules = readRules(onlineForm, "online");
    savePrefs({ onlinePreset: rules.preset, onlineHouse: rules.house, name, seats: Number(seats.value), turnSeconds: timer.value, takeover: takeover.value });
    try {
      const answer = await api("POST", "/api/tables", {
        name,
        rules,
        seats: Number(seats.value),
        turn_seconds: timer.value ? Number(timer.value) : null,
        takeover_seconds: takeover.value ? Number(takeover.value) : null,
      });
      saveSeat(answer.table_id, { ...answer, name });
      navigate(`/t/${answer.table_id}`);
    } catch (err) {
      toast(t("error.server", { message: err.message }));
    }
  });

  // --- open tables
  const list = h("ul.table-list#open-tables", { "aria-live": "polite" });
  const openPanel = h("section.panel.open", { "aria-labelledby": "open-title" }, h("h2#open-title", {}, t("home.openTables")), list);
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
        const filled = table.seats.filter((s) => s.kind !== "empty").length;
        const names = table.seats.filter((s) => s.kind !== "empty").map((s) => s.name).join(", ");
        list.append(
          h(
            "li",
            {},
            h("a", { href: `/t/${table.id}`, "data-nav": "" }, `${t(table.status === "lobby" && filled < table.seats.length ? "home.join" : "home.watch")}: ${table.rules.name} · ${filled}/${table.seats.length}`),
            " ",
            h("span.muted", {}, `${t(`status.${table.status}`)} — ${names}`),
          ),
        );
      }
    })
    .catch(() => list.append(h("li.muted", {}, t("home.noTables"))));

  clear(main);
  main.append(h("div.home", {}, soloForm, h("div.side", {}, onlineForm, openPanel)));
}
