// Finished matches: the history list (#/history) and the replay viewer (#/replay/<id>).
// Three-Thirteen's replay is drawn here; another game's position is drawn by that game's
// board (boards.js), the one its tables use, given a page that nobody sits at.

import { api, ApiError } from "./api.js";
import { loadBoard } from "./boards.js";
import { cardElement, cardShort, isWild } from "./cards.js";
import { clear, h, toast } from "./dom.js";
import { DEFAULT_GAME, gameTitle, presetLabel } from "./home.js";
import { language, t } from "./i18n.js";
import { cardRow, displayNames, errorText, recordSeats, reveal, scoreSheet, seating, wildLabel } from "./render.js";

// Control icons drawn as SVG (media-control glyphs are missing from many fonts).
const ICONS = {
  first: "M5 4h2v16H5zM19 4v16L8 12z",
  prevRound: "M12 4v16L3 12zM21 4v16l-9-8z",
  prev: "M17 4v16L6 12z",
  play: "M7 4v16l12-8z",
  pause: "M6 4h4v16H6zM14 4h4v16h-4z",
  next: "M7 4v16l11-8z",
  nextRound: "M3 4v16l9-8zM12 4v16l9-8z",
  last: "M17 4h2v16h-2zM5 4v16l11-8z",
};
function icon(name) {
  const span = document.createElement("span");
  span.className = "icon";
  span.setAttribute("aria-hidden", "true");
  span.innerHTML = `<svg viewBox="0 0 24 24" width="20" height="20"><path fill="currentColor" d="${ICONS[name]}"/></svg>`;
  return span;
}

/** The seats' display names of a finished match (History's entry or a replay step): the
 * record's `names` and the server's `seats` kinds, named as at the table (displayNames). */
export function matchNames(data) {
  return displayNames(recordSeats(data?.names || [], data?.seats || null));
}

/** A failed request in words: a server's refusal translated by its code. */
function failure(err) {
  return err instanceof ApiError ? errorText(err) : t("error.server", { message: err.message });
}

export async function renderHistory(main) {
  clear(main);
  const section = h(
    "section.panel.history",
    { "aria-labelledby": "history-title" },
    h("h1#history-title", {}, t("history.title")),
    h("p", {}, h("a.button.small#to-stats", { href: "#/stats" }, t("stats.link"))),
  );
  main.append(section);
  let matches;
  let mine;
  try {
    // This browser's own matches first (found by its player key), then everyone's.
    [{ matches: mine }, { matches }] = await Promise.all([api("GET", "/api/matches?mine=true&limit=50"), api("GET", "/api/matches?limit=50")]);
  } catch (err) {
    section.append(h("p.error", { role: "alert" }, failure(err)));
    return;
  }
  const others = matches.filter((m) => m.you === null || m.you === undefined);
  if (!mine.length && !others.length) {
    section.append(h("p.muted#history-empty", {}, t("history.empty")));
    return;
  }
  if (mine.length) section.append(h("h2#history-mine", {}, t("history.mine")), historyTable(mine, "history-mine-table"));
  if (others.length) section.append(h("h2#history-others", {}, t(mine.length ? "history.others" : "history.all")), historyTable(others, "history-all-table"));
}

/** A table of finished matches; the seat this browser held is marked. */
function historyTable(matches, id) {
  const fmt = new Intl.DateTimeFormat(language(), { dateStyle: "medium", timeStyle: "short" });
  const rows = matches.map((m) => {
    const when = m.finished_at ? fmt.format(new Date(m.finished_at)) : "";
    const names = matchNames(m);
    const winners = (m.winners || []).map((w) => names[w]).join(", ") || t("history.noWinner");
    const players = names.map((n, i) => (i === m.you ? h("strong", {}, `${n} (${t("seat.you")}): ${m.totals[i]}`) : `${n}: ${m.totals[i]}`));
    const game = m.game || DEFAULT_GAME;
    const mark = m.you === null || m.you === undefined ? null : (m.winners || []).includes(m.you) ? "won" : "lost";
    return h(
      `tr${mark ? `.${mark}` : ""}`,
      { "data-match": m.id, "data-game": game },
      h("td", {}, when),
      h("td.game-cell", {}, gameTitle(game)),
      h("td", {}, presetLabel(game, m.rules)),
      h("td", {}, players.flatMap((p, i) => (i ? [", ", p] : [p]))),
      h("td", {}, winners),
      h("td", {}, h("a.button.small.replay-link", { href: `#/replay/${m.id}`, "aria-label": t("history.replayOf", { when }) }, t("history.replay"))),
    );
  });
  return h(
    "div.table-scroll",
    {},
    h(
      `table.history-table#${id}`,
      {},
      h("thead", {}, h("tr", {}, ["history.when", "history.game", "history.rules", "history.players", "history.winner", "history.replay"].map((k) => h("th", { scope: "col" }, t(k))))),
      h("tbody", {}, rows),
    ),
  );
}

/** This browser's statistics (#/stats): each game, then by preset and by player count. */
export async function renderStats(main) {
  clear(main);
  const section = h("section.panel.stats", { "aria-labelledby": "stats-title" }, h("h1#stats-title", {}, t("stats.title")), h("p.muted", {}, t("stats.lead")));
  main.append(section);
  let data;
  try {
    data = await api("GET", "/api/stats");
  } catch (err) {
    section.append(h("p.error", { role: "alert" }, failure(err)));
    return;
  }
  if (!data.matches) {
    section.append(h("p#stats-empty", {}, t("stats.empty")), h("p", {}, h("a.button.primary", { href: "/", "data-nav": "" }, t("stats.play"))));
    return;
  }
  const pct = new Intl.NumberFormat(language(), { style: "percent", maximumFractionDigits: 0 });
  const num = new Intl.NumberFormat(language(), { maximumFractionDigits: 1 });
  const row = (label, tally) =>
    h(
      "tr",
      {},
      h("th", { scope: "row" }, label),
      h("td", {}, String(tally.matches)),
      h("td", {}, String(tally.wins)),
      h("td", {}, tally.win_rate === null ? "" : pct.format(tally.win_rate)),
      h("td", {}, tally.average_total === null ? "" : num.format(tally.average_total)),
      h("td", {}, tally.best ? h("a", { href: `#/replay/${tally.best.id}` }, String(tally.best.total)) : ""),
    );
  const head = h("thead", {}, h("tr", {}, ["stats.group", "stats.matches", "stats.wins", "stats.winRate", "stats.average", "stats.best"].map((k) => h("th", { scope: "col" }, t(k)))));
  for (const [game, entry] of Object.entries(data.games)) {
    const rows = [row(t("stats.all"), entry)];
    for (const [preset, tally] of Object.entries(entry.presets)) rows.push(row(presetLabel(game, preset), tally));
    for (const [players, tally] of Object.entries(entry.players)) rows.push(row(t("stats.players", { n: Number(players) }), tally));
    section.append(
      h("h2", { "data-game": game }, gameTitle(game)),
      h("div.table-scroll", {}, h(`table.history-table.stats-table`, { "data-game": game }, head.cloneNode(true), h("tbody", {}, rows))),
    );
  }
}

/** The round a replay step is in (Three-Thirteen's steps carry their state). */
function roundOf(data) {
  return data.state ? data.state.round : data.round;
}

/** The replay viewer: every hand face up, step by step through the whole match. */
export class ReplayPage {
  constructor(main, matchId) {
    this.main = main;
    this.id = matchId;
    this.step = 0;
    this.steps = null;
    this.data = null;
    this.playing = null;
    this.cache = new Map();
    this.board = null; // another game's board (boards.js), loaded with the first step
    this.boardError = null;
    this.boardLoading = false;
    this.rules = null; // another game's rules, from the record: the board's table.rules
    this.load(0);
  }

  destroy() {
    clearInterval(this.playing);
    this.board?.destroy?.();
  }

  game() {
    return this.data?.game || DEFAULT_GAME;
  }

  async fetchStep(step) {
    if (this.cache.has(step)) return this.cache.get(step);
    const data = await api("GET", `/api/matches/${encodeURIComponent(this.id)}/replay?step=${step}`);
    this.cache.set(step, data);
    return data;
  }

  async load(step) {
    try {
      const data = await this.fetchStep(step);
      this.data = data;
      this.step = data.step;
      this.steps = data.steps;
      this.render();
    } catch (err) {
      if (!this.data) {
        clear(this.main);
        this.main.append(h("section.panel", {}, h("h2", {}, t("replay.title")), h("p.error#replay-error", { role: "alert" }, failure(err)), h("a", { href: "#/history" }, t("nav.history"))));
      } else {
        toast(failure(err));
      }
      this.stop();
    }
  }

  go(step) {
    if (this.steps === null) return;
    const target = Math.max(0, Math.min(this.steps - 1, step));
    if (target !== this.step) this.load(target);
  }

  stop() {
    clearInterval(this.playing);
    this.playing = null;
  }

  toggle() {
    if (this.playing) this.stop();
    else {
      this.playing = setInterval(() => {
        if (this.step >= this.steps - 1) {
          this.stop();
          this.render();
        } else this.go(this.step + 1);
      }, 700);
    }
    this.render();
  }

  /** The first step of the round after (dir 1) or the deal of this/previous round (dir -1). */
  async jumpRound(dir) {
    const round = roundOf(this.data);
    // Binary search over steps for the first step whose round is round + dir (or round's own deal).
    const wanted = dir > 0 ? round + 1 : this.data.action === null ? round - 1 : round;
    if (wanted < 1) return this.go(0);
    let lo = 0;
    let hi = this.steps - 1;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      const d = await this.fetchStep(mid);
      if (roundOf(d) < wanted) lo = mid + 1;
      else hi = mid;
    }
    this.go(lo);
  }

  /** The step controls every game's replay has (and the keys of onKey). */
  controls() {
    return h(
      "div.replay-controls",
      { role: "toolbar", "aria-label": t("replay.controls") },
      h("button#replay-first", { type: "button", "data-key": "first", onclick: () => this.go(0), "aria-label": t("replay.first") }, icon("first")),
      h("button#replay-prev-round", { type: "button", "data-key": "prev-round", onclick: () => this.jumpRound(-1), "aria-label": t("replay.prevRound") }, icon("prevRound")),
      h("button#replay-prev", { type: "button", "data-key": "prev", onclick: () => this.go(this.step - 1), disabled: this.step === 0, "aria-label": t("replay.prev") }, icon("prev")),
      h("button#replay-play", { type: "button", "data-key": "play", onclick: () => this.toggle(), "aria-label": this.playing ? t("replay.pause") : t("replay.play") }, icon(this.playing ? "pause" : "play")),
      h("button#replay-next", { type: "button", "data-key": "next", onclick: () => this.go(this.step + 1), disabled: this.step >= this.steps - 1, "aria-label": t("replay.next") }, icon("next")),
      h("button#replay-next-round", { type: "button", "data-key": "next-round", onclick: () => this.jumpRound(1), "aria-label": t("replay.nextRound") }, icon("nextRound")),
      h("button#replay-last", { type: "button", "data-key": "last", onclick: () => this.go(this.steps - 1), disabled: this.step >= this.steps - 1, "aria-label": t("replay.last") }, icon("last")),
      h("input#replay-slider", {
        type: "range",
        min: "0",
        max: String(this.steps - 1),
        value: String(this.step),
        "aria-label": t("replay.step"),
        "data-key": "slider",
        onchange: (e) => this.go(Number(e.target.value)),
      }),
      h("span#replay-step", { "aria-live": "polite" }, t("replay.stepOf", { n: this.step + 1, of: this.steps })),
    );
  }

  render() {
    const focusKey = document.activeElement?.dataset?.key;
    if (this.game() === DEFAULT_GAME) this.renderThreeThirteen();
    else this.renderBoardStep();
    if (focusKey) this.main.querySelector(`[data-key="${focusKey}"]`)?.focus({ preventScroll: true });
  }

  renderThreeThirteen() {
    const { state, action } = this.data;
    const names = matchNames(this.data);
    clear(this.main);
    const controls = this.controls();
    const what = action ? t("replay.action", { who: names[action.seat], what: describeAction(action.action) }) : t("replay.deal", { n: state.round });
    const header = h(
      "div.infobar",
      {},
      h("span.round-info", {}, t("table.round", { n: state.round, of: state.rounds })),
      h("span.wild-info", {}, t("table.wild", { wild: wildLabel(state.wild_rank) })),
      h("span.replay-action#replay-action", {}, what),
    );
    const seats = state.hands.map((hand, seat) =>
      h(
        `section.replay-seat${state.current === seat && (state.phase === "draw" || state.phase === "discard") ? ".current" : ""}${action?.seat === seat ? ".acted" : ""}`,
        { "aria-label": t("replay.seatLabel", { name: names[seat] }) },
        h("header", {}, h("span.name", {}, names[seat]), seat === state.dealer ? h("span.seat-sub", {}, t("seat.dealer")) : null, state.out_seat === seat ? h("span.badge.out-badge", {}, t("seat.wentOut")) : null, h("span.seat-score", {}, t("seat.points", { n: state.scores?.totals?.[seat] ?? 0 }))),
        hand.length || state.out_seat !== seat || !state.table_melds?.length
          ? cardRow(hand, { wildRank: state.wild_rank })
          : h("div.melds", { role: "group", "aria-label": t("table.tableMelds", { who: names[seat] }) }, state.table_melds.map((m) => h("div.meld", {}, cardRow(m.cards || m, { wildRank: state.wild_rank })))),
      ),
    );
    const top = state.discard_pile?.[state.discard_pile.length - 1];
    const centre = h(
      "div.replay-centre",
      {},
      h("div.pile-slot", {}, h("div.pile.stock", { role: "img", "aria-label": t("table.stockLabel", { n: state.stock_size }) }, cardElement("back", { t, label: "" }), h("span.pile-count", { "aria-hidden": "true" }, String(state.stock_size))), h("span.pile-label", {}, t("table.stock"))),
      h("div.pile-slot", {}, h("div.pile.discard", {}, top ? cardElement(top, { t, wild: isWild(top, state.wild_rank) }) : h("div.empty-pile")), h("span.pile-label", {}, t("table.discard"))),
    );
    const body = [h("h2", {}, t("replay.title")), controls, header, h("div.replay-board", {}, centre, h("div.replay-seats", {}, seats))];
    const lastResult = state.results?.[state.results.length - 1];
    if ((state.phase === "round-over" || state.phase === "match-over") && lastResult) {
      body.push(h("h3", {}, t("reveal.title", { n: lastResult.round })), reveal(lastResult, names));
    }
    body.push(h("div.sheet-wrap", {}, scoreSheet(state.scores, names, state.results)));
    this.main.append(h("section.panel.replay#replay", { "data-game": DEFAULT_GAME }, body));
    void seating;
  }

  /** The table object a board draws a finished match of (nobody seated, nobody connected
   * but the names of the record). */
  boardTable() {
    const seats = recordSeats(this.data.names, this.data.seats || null);
    return {
      id: this.id,
      game: this.game(),
      status: "finished",
      seats: seats.map((s) => ({ ...s, connected: true })),
      ready: [],
      rules: this.rules || { name: "" },
    };
  }

  /** The page a board is given in a replay: nobody's seat, nothing to send, no moves. */
  boardPage() {
    const replay = this;
    const nameOf = (i) => matchNames(replay.data)[i] ?? "";
    return {
      mySeat: null,
      snap: { table: this.boardTable(), you: { seat: null }, view: null },
      pending: false,
      act() {
        return false;
      },
      send() {},
      seatLabel: nameOf,
      nameOf,
      seatFlags() {
        return [];
      },
      // A board redraws itself through the page (its score sheet, its keys dialog), as
      // at a table: the page draws the step again.
      render() {
        if (replay.board && replay.data) replay.render();
      },
      joinForm() {
        return null;
      },
      tick() {},
    };
  }

  ensureBoard() {
    if (this.board || this.boardError || this.boardLoading) return;
    this.boardLoading = true;
    this.fakePage = this.boardPage();
    const game = this.game();
    // The rules' name and options are the record's; the board shows the position without them.
    api("GET", `/api/matches/${encodeURIComponent(this.id)}/record`)
      .then((record) => {
        if (record?.rules && typeof record.rules === "object") {
          this.rules = { name: record.rules.name || "", preset: record.rules.name || "", options: record.rules };
          if (this.board) this.render();
        }
      })
      .catch(() => {});
    loadBoard(game, this.fakePage)
      .then((board) => {
        this.board = board;
        this.boardLoading = false;
        this.render();
      })
      .catch((err) => {
        this.boardError = err;
        this.boardLoading = false;
        this.render();
      });
  }

  renderBoardStep() {
    const { action, view } = this.data;
    const game = this.game();
    const names = matchNames(this.data);
    this.ensureBoard();
    clear(this.main);
    // Rummy deals hands, as its board says; Thirteen deals rounds.
    const deal = game === "rummy" ? "replay.dealHand" : "replay.deal";
    const what = action ? t("replay.action", { who: names[action.seat] ?? "?", what: describeAction(action.action, game) }) : t(deal, { n: roundOf(this.data) });
    // The board says the round, the scores and whose turn it is; the bar says the move.
    const header = h("div.infobar.replay-bar", {}, h("span.replay-action#replay-action", {}, what));
    let board;
    if (this.boardError) {
      board = h("p.error#replay-board-error", { role: "alert" }, t("replay.boardError", { game: gameTitle(game), message: this.boardError.message || String(this.boardError) }));
    } else if (!this.board) {
      board = h("p.loading", {}, t("common.loading"));
    } else {
      const table = this.boardTable();
      Object.assign(this.fakePage.snap, { table, view });
      try {
        board = this.board.render(view, table);
      } catch (err) {
        board = h("p.error#replay-board-error", { role: "alert" }, t("replay.boardError", { game: gameTitle(game), message: err.message || String(err) }));
      }
    }
    this.main.append(
      h(
        "section.panel.replay#replay",
        { "data-game": game },
        h("h2", {}, t("replay.titleOf", { game: gameTitle(game) })),
        this.controls(),
        header,
        h("div.replay-game-board", {}, board),
      ),
    );
  }

  onKey(event) {
    const map = { ArrowRight: () => this.go(this.step + 1), ArrowLeft: () => this.go(this.step - 1), Home: () => this.go(0), End: () => this.go(this.steps - 1), " ": () => this.toggle() };
    if (event.target?.id === "replay-slider") return;
    const fn = map[event.key];
    if (fn && this.data) {
      event.preventDefault();
      fn();
    } else if (this.board?.onKey?.(event)) {
      // The board's own keys: its dialogs (Escape), its help; nobody's moves.
      event.preventDefault();
    }
  }
}

/** A move in words ("discards 7♥"); an unknown move as its notation. */
function describeAction(text, game = DEFAULT_GAME) {
  const [verb, ...args] = text.split(" ");
  const cards = (list) => list.map((c) => cardShortOr(c)).join(" ");
  if (game === DEFAULT_GAME) {
    if (verb === "draw") return t(args[0] === "stock" ? "replay.drawStock" : "replay.drawDiscard");
    if (verb === "discard") return t("replay.discard", { card: cardShortOr(args[0]) });
    if (verb === "out") return t("replay.out", { card: cardShortOr(args[0]) });
    return text;
  }
  if (game === "thirteen") {
    if (verb === "pass") return t("replay.pass");
    if (verb === "play") return t("replay.plays", { cards: cards(args) });
    return text;
  }
  if (verb === "draw") return t("replay.drawStock");
  if (verb === "take") return t("replay.drawDiscard");
  if (verb === "discard") return t("replay.discard", { card: cardShortOr(args[0]) });
  if (verb === "meld") return t("replay.meld", { cards: cards(args) });
  if (verb === "layoff") return t("replay.layoff", { card: cardShortOr(args[0]), n: args[args.length - 1] });
  return text;
}

/** "7♥" for "7H"; the text itself when it is not a card. */
function cardShortOr(code) {
  try {
    return cardShort(code);
  } catch {
    return String(code ?? "");
  }
}

void cardRow;
void isWild;
