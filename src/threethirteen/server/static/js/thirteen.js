// Thirteen (Tiến lên) in the browser: the board that table.js shows for a table whose game
// is "thirteen" (see boards.js for the contract), and that the replay viewer reuses.
//
// The server is authoritative: a move is one of view.legal_actions, sent as it is written.
// The player picks cards (a picked card rises); a pick that is a legal play no legal play
// could grow is played at once, any other legal pick waits for the Play button.

import { cardElement, cardLabel, cardShort, parseCard } from "./cards.js";
import { announce, h } from "./dom.js";
import { t } from "./i18n.js";
import { backs, botMoveKey, byBot, markBotMoves, seatName, seating } from "./render.js";

// Thirteen's order: 3 low ... A, 2 high; suits spades, clubs, diamonds, hearts (low to high).
const RANK_ORDER = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"];
const SUIT_ORDER = ["S", "C", "D", "H"];
const PLAYING = new Set(["lead", "follow"]);
const BOMB_KINDS = new Set(["four", "double-sequence"]);

/** A message of this game's catalog ("thirteen.<key>"). */
function tr(key, params = {}) {
  return t(`thirteen.${key}`, params);
}

/** A card's place in Thirteen's order: 0 for 3♠ ... 51 for 2♥. */
export function strength(code) {
  const c = parseCard(code);
  return RANK_ORDER.indexOf(c.rank) * 4 + SUIT_ORDER.indexOf(c.suit);
}

/** Card codes from low to high, Thirteen's way. */
export function sortThirteen(codes) {
  return [...codes].sort((a, b) => strength(a) - strength(b));
}

/** The cards of a "play ..." action (none for "pass"). */
function playCards(action) {
  return action.startsWith("play ") ? action.slice(5).trim().split(/\s+/) : [];
}

function setKey(codes) {
  return sortThirteen(codes).join(" ");
}

function kindLabel(kind) {
  const key = `thirteen.kind.${kind}`;
  const text = t(key);
  return text === key ? String(kind) : text;
}

function shortCards(codes) {
  return codes.map(cardShort).join(" ");
}

function spokenCards(codes) {
  return codes.map((c) => cardLabel(c, t)).join(", ");
}

/** The kind of a legal combination of `codes` (it is one: only legal picks are named). */
function kindOf(codes) {
  const ranks = codes.map((c) => parseCard(c).rank);
  const distinct = new Set(ranks);
  if (codes.length === 1) return "single";
  if (distinct.size === 1) return { 2: "pair", 3: "triple", 4: "four" }[codes.length] || "four";
  if (codes.length >= 6 && distinct.size * 2 === codes.length) return "double-sequence";
  return "sequence";
}

function isTwos(combo) {
  return ["single", "pair", "triple"].includes(combo.kind) && combo.cards.every((c) => parseCard(c).rank === "2");
}

/**
 * Walk a round's log as the table saw it: which plays were bombs (a four of a kind or a
 * double sequence on 2s, or on such a bomb), and the combination on the table at the end.
 * Returns {bombs: Set of log indexes, table: {cards, kind, seat, bomb} | null}.
 */
export function walkLog(log) {
  const bombs = new Set();
  let table = null;
  (log || []).forEach((event, i) => {
    const cards = playCards(event.action);
    if (cards.length) {
      const bomb = Boolean(table && BOMB_KINDS.has(event.kind) && (isTwos(table) || table.bomb));
      if (bomb) bombs.add(i);
      table = { cards, kind: event.kind, seat: event.seat, bomb };
    }
    if (event.cleared) table = null;
  });
  return { bombs, table };
}

/** A hint's reason in the page's language: its key (ours first), cards with suit symbols. */
function hintText(hint) {
  const params = {};
  for (const [name, value] of Object.entries(hint.params || {})) {
    if (name === "kind") params[name] = kindLabel(value);
    else if (name === "action") params[name] = value === "pass" ? tr("hint.pass") : shortCards(playCards(String(value)));
    else if (typeof value === "string" && /^(?:(?:10|[2-9AJQKT])[SHDC])(?: (?:10|[2-9AJQKT])[SHDC])*$/i.test(value.trim())) {
      params[name] = shortCards(value.trim().split(/\s+/));
    } else params[name] = value;
  }
  for (const key of [`thirteen.${hint.key}`, hint.key]) {
    const text = t(key, params);
    if (text !== key) return text;
  }
  return hint.text || "";
}

function placeLabel(index) {
  const key = `thirteen.place.${index + 1}`;
  const text = t(key);
  return text === key ? tr("place.n", { n: index + 1 }) : text;
}

function translated(kind, name) {
  const key = `${kind}.${name}`;
  const text = t(key);
  return text === key ? name : text;
}

class ThirteenBoard {
  constructor(page) {
    this.page = page;
    this.game = "thirteen";
    this.selected = new Set(); // card codes picked from the hand
    this.handKey = null; // the hand the selection belongs to
    this.hint = false; // the Hint button is pressed
    this.focusCode = null; // the hand's card in the tab order (roving tab index)
    this.dialog = null; // "help" | null
    this.seen = { round: null, length: 0 }; // the log already announced
    this.botMoves = new Set(); // the log's moves a bot made for a person (render.js markBotMoves)
    this.focusKey = null; // the data-key of the board's element that has the focus
    this.keyboard = false; // the player uses the keyboard (no pointer since the last key)
    this.nodes = new Map(); // the cards and buttons kept from one drawing to the next
  }

  destroy() {}

  // ---- facts about the view ---------------------------------------------------------------

  get mySeat() {
    const s = this.page?.mySeat;
    return s === null || s === undefined ? null : s;
  }

  /** A seat's one name as the page says it ("You", "Bot 1 (Medium)"), else the table's. */
  label(seat, table = this.table) {
    if (typeof this.page?.seatLabel === "function" && this.page.snap) return this.page.seatLabel(seat);
    return seatName(table ?? this.table, seat);
  }

  /** The legal plays, keyed by their cards (sorted): {key: action}. */
  plays(view) {
    const out = new Map();
    for (const action of view.legal_actions || []) {
      const cards = playCards(action);
      if (cards.length) out.set(setKey(cards), action);
    }
    return out;
  }

  myTurn(view) {
    return this.mySeat !== null && view.seat === this.mySeat && view.current === this.mySeat && PLAYING.has(view.phase) && (view.legal_actions || []).length > 0;
  }

  /** The action the current pick makes, or null. */
  pickedAction(view) {
    if (!this.selected.size) return null;
    return this.plays(view).get(setKey([...this.selected])) ?? null;
  }

  /** Could a legal play hold every picked card and more? */
  canGrow(view) {
    const picked = [...this.selected];
    for (const action of view.legal_actions || []) {
      const cards = playCards(action);
      if (cards.length > picked.length && picked.every((c) => cards.includes(c))) return true;
    }
    return false;
  }

  syncHand(view) {
    const key = setKey(view.hand || []);
    if (key !== this.handKey) {
      this.handKey = key;
      this.selected.clear();
    }
  }

  // ---- moves ------------------------------------------------------------------------------

  rerender() {
    this.page?.render?.();
  }

  toggle(code) {
    const view = this.page?.snap?.view;
    if (!view) return;
    if (this.selected.has(code)) {
      this.selected.delete(code);
      this.rerender();
      return;
    }
    this.selected.add(code);
    if (this.myTurn(view) && !this.page.pending) {
      const action = this.pickedAction(view);
      if (action && !this.canGrow(view)) {
        this.page.act(action);
        return this.rerender();
      }
    }
    this.rerender();
  }

  play() {
    const view = this.page?.snap?.view;
    if (!view || !this.myTurn(view) || this.page.pending) return;
    const action = this.pickedAction(view);
    if (action) this.page.act(action);
    this.rerender();
  }

  pass() {
    const view = this.page?.snap?.view;
    if (!view || this.page.pending) return;
    if (this.page.act("pass")) {
      this.selected.clear();
      this.rerender();
    }
  }

  clearPick() {
    if (!this.selected.size) return false;
    this.selected.clear();
    this.rerender();
    announce(tr("pick.cleared"));
    return true;
  }

  // ---- news for screen readers -------------------------------------------------------------

  /** Who made the move at `index` of round `round`'s log: "Ada (played by the bot)" when
   * a stand-in or the turn timer played it for her. */
  actor(seat, index, round) {
    const name = this.label(seat);
    return this.botMoves.has(botMoveKey(round, index)) ? byBot(name) : name;
  }

  /** One event of the log in words: the event at `index` of round `round`'s log; `bombs`:
   * the log's bombs (walkLog); `spoken`: the cards as a screen reader says them. */
  describe(event, index, bombs, { spoken, round }) {
    const who = this.actor(event.seat, index, round);
    const cards = playCards(event.action);
    let text;
    if (!cards.length) text = tr("log.pass", { who });
    else {
      const shown = spoken ? spokenCards(cards) : shortCards(cards);
      text = bombs.has(index) ? tr("log.bomb", { who, kind: kindLabel(event.kind), cards: shown }) : tr("log.play", { who, kind: kindLabel(event.kind), cards: shown });
    }
    if (event.went_out) text += ` (${tr("log.out")})`;
    if (event.cleared) text += `. ${tr("log.cleared")}`;
    return text;
  }

  onSnapshot(previous, msg) {
    const view = msg?.view;
    if (!view) return;
    this.syncHand(view);
    const before = previous?.view;
    const log = view.log || [];
    if (!before || before.round !== view.round || (before.log || []).length !== log.length || before.phase !== view.phase) this.hint = false;
    const start = this.seen.round === view.round ? this.seen.length : 0;
    const fresh = Boolean(previous) && this.seen.round !== null;
    this.seen = { round: view.round, length: log.length };
    if (!fresh) return;
    markBotMoves(this.botMoves, previous, msg, log, start);
    const { bombs } = walkLog(log);
    const said = [];
    log.slice(start).forEach((event, i) => {
      // The player's own move is news only when it was a bomb, or a bot made it for them.
      if (event.seat === this.mySeat && !bombs.has(start + i) && !this.botMoves.has(botMoveKey(view.round, start + i))) return;
      said.push(this.describe(event, start + i, bombs, { spoken: true, round: view.round }));
    });
    const over = view.phase === "round-over" || view.phase === "match-over";
    if (over && before?.phase !== view.phase) {
      const order = (view.finished || []).map((seat) => this.label(seat, msg.table));
      said.push(view.phase === "match-over" ? tr("news.matchOver") : tr("news.roundOver", { n: view.round, order: order.join(", ") }));
    } else if (this.myTurn(view) && (before?.current !== view.current || start !== log.length || !PLAYING.has(before?.phase))) {
      const first = view.first_lead_card && !log.some((e) => e.action.startsWith("play ")) ? cardLabel(view.first_lead_card, t) : null;
      if (first) said.push(tr("status.yourFirstLead", { card: first }));
      else said.push(view.phase === "lead" ? tr("status.yourLead") : tr("status.yourTurn", { kind: kindLabel(view.table?.kind) }));
    }
    if (said.length) announce(said.join(". "));
  }

  // ---- keys -------------------------------------------------------------------------------

  onKey(event) {
    this.keyboard = true;
    const root = document.getElementById("main") || document;
    if (this.dialog) {
      if (event.key === "Escape" || event.key === "?") {
        this.closeDialog();
        return true;
      }
      return false;
    }
    const active = document.activeElement;
    const inHand = active?.closest?.("#hand") && active.classList.contains("card");
    if (inHand && ["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) {
      const cards = [...root.querySelectorAll("#hand .card")];
      const i = cards.indexOf(active);
      const n = cards.length;
      const target = event.key === "Home" ? 0 : event.key === "End" ? n - 1 : (i + (event.key === "ArrowLeft" ? -1 : 1) + n) % n;
      for (const c of cards) c.tabIndex = -1;
      cards[target].tabIndex = 0;
      cards[target].focus();
      this.focusCode = cards[target].dataset.card;
      return true;
    }
    const click = (selector) => {
      const el = root.querySelector(selector);
      if (el && !el.disabled) {
        el.click();
        return true;
      }
      return false;
    };
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    switch (key) {
      case "p":
        return click("#play");
      case "x":
        return click("#pass");
      case "h":
        return click("#hint");
      case "n":
        return click("#next-round");
      case "c":
        return this.clearPick();
      case "Escape":
        return this.clearPick();
      case "?":
        this.openDialog();
        return true;
      default:
        return false;
    }
  }

  openDialog() {
    this.dialog = "help";
    this.rerender();
    document.querySelector("#thirteen-help .close")?.focus();
  }

  closeDialog() {
    this.dialog = null;
    this.rerender();
    document.querySelector("#thirteen-show-help")?.focus();
  }

  // ---- drawing ----------------------------------------------------------------------------

  /**
   * A button kept from one drawing to the next, made once and updated each time: the page
   * redraws on every message (a bot's move, someone connecting), and a click whose press
   * and release land on two different elements would be lost.
   */
  control(key, tag, onclick, { text, disabled = false, pressed = null, flags = {}, attrs = {} }) {
    let el = this.nodes.get(key);
    if (!el) {
      el = h(tag, { type: "button", "data-key": key, ...attrs, onclick });
      this.nodes.set(key, el);
    }
    el.disabled = disabled;
    if (el.textContent !== text) el.textContent = text;
    if (pressed !== null) el.setAttribute("aria-pressed", String(pressed));
    for (const [name, on] of Object.entries(flags)) el.classList.toggle(name, Boolean(on));
    return el;
  }

  /** A card of the hand, kept like control(): picked by a click, or Space or Enter. */
  cardButton(code, { classes, label, selected, focus }) {
    const key = `th-card-${code}`;
    let el = this.nodes.get(key);
    if (!el) {
      el = cardElement(code, { t, interactive: true });
      el.dataset.key = key;
      el.setAttribute("aria-describedby", "thirteen-hand-help");
      el.addEventListener("click", () => this.toggle(code));
      el.addEventListener("focus", () => {
        this.focusCode = code;
      });
      this.nodes.set(key, el);
    }
    el.className = ["card", ...classes].join(" ");
    el.setAttribute("aria-label", label);
    el.setAttribute("aria-pressed", String(selected));
    el.tabIndex = focus ? 0 : -1;
    return el;
  }

  render(view, table) {
    this.table = table;
    const me = this.mySeat;
    const replay = Array.isArray(view.hands);
    const mine = me !== null && !replay && view.seat === me;
    if (mine) this.syncHand(view);
    const players = view.players;
    const bottom = me ?? 0;
    const myTurn = mine && this.myTurn(view);
    const playing = PLAYING.has(view.phase);
    const over = view.phase === "round-over" || view.phase === "match-over";
    const pending = Boolean(this.page?.pending);
    const walked = walkLog(view.log);
    const hintAction = this.hint && myTurn && view.hint ? view.hint.action : null;

    const game = h(`div.game.thirteen.phase-${view.phase}${myTurn ? ".my-turn" : ""}${pending ? ".pending" : ""}${replay ? ".replaying" : ""}`, {
      "data-phase": view.phase,
      "data-round": String(view.round),
      "data-moves": String((view.log || []).length),
    });
    game.append(this.infobar(view, table, replay));

    const felt = h(`div.felt.thirteen-felt.players-${players}`);
    const tops = [];
    for (const place of seating(players, bottom)) {
      const node = this.seatBox(place.seat, place.position, view, table, replay);
      if (place.area === "top") tops.push(node);
      else felt.append(h(`div.area.area-${place.area}`, {}, node));
    }
    felt.append(h("div.area.area-top", {}, tops));

    const centre = h("div.area.area-centre");
    centre.append(this.statusLine(view, myTurn, walked));
    centre.append(this.trick(view, table, walked, hintAction));
    const recent = (view.log || []).slice(-3);
    if (recent.length) {
      const start = view.log.length - recent.length;
      centre.append(h("ol.recent#recent-moves", { "aria-hidden": "true" }, recent.map((e, i) => h("li", {}, this.describe(e, start + i, walked.bombs, { spoken: false, round: view.round })))));
    }
    if (replay && over) centre.append(this.results(view, table, { inline: true }));
    felt.append(centre);

    felt.append(h("div.area.area-me", {}, mine ? this.myArea(view, table, myTurn, hintAction, pending) : this.seatBox(bottom, null, view, table, replay)));
    game.append(felt);

    if (!replay && over) game.append(this.roundOverPanel(view, table));
    if (this.dialog) game.append(this.helpDialog());

    this.keepFocus(game, over);
    return game;
  }

  /**
   * Follow the focus inside the board, and give it back to a keyboard player whose
   * focused element went away (a card played, a button disabled while a move is sent):
   * the same control if it is back, else the hand's card in the tab order.
   */
  keepFocus(game, over) {
    game.addEventListener("focusin", (event) => {
      this.focusKey = event.target?.dataset?.key ?? null;
    });
    game.addEventListener("focusout", (event) => {
      if (event.relatedTarget && !game.contains(event.relatedTarget)) this.focusKey = null;
    });
    game.addEventListener("pointerdown", () => {
      this.keyboard = false;
    });
    const key = this.focusKey;
    if (!key || !this.keyboard || over) return;
    // After the page has appended the board and put back what focus it could.
    queueMicrotask(() => {
      const active = document.activeElement;
      if (!game.isConnected || (active && active !== document.body)) return;
      const again = game.querySelector(`[data-key="${CSS.escape(key)}"]`);
      const target = again && !again.disabled ? again : game.querySelector("#hand .card[tabindex='0']");
      target?.focus({ preventScroll: true });
    });
  }

  infobar(view, table, replay) {
    const rules = table?.rules?.name;
    return h(
      "div.infobar",
      {},
      h("span.round-info#round-info", {}, tr("info.round", { n: view.round })),
      h("span.target-info#target-info", {}, tr("info.target", { n: view.target })),
      rules ? h("span.rules-name", {}, translated("thirteen.preset", rules)) : null,
      this.mySeat === null && !replay ? h("span.badge.watching", {}, tr("info.watching")) : null,
      h("span.spacer"),
      replay
        ? null
        : h("button#thirteen-show-help", { type: "button", "aria-haspopup": "dialog", "aria-keyshortcuts": "?", "data-key": "th-help", onclick: () => this.openDialog() }, tr("help.button")),
    );
  }

  seatBox(seat, position, view, table, replay) {
    const s = table?.seats?.[seat] || {};
    const count = view.hand_sizes?.[seat] ?? 0;
    const total = view.totals?.[seat] ?? 0;
    const playing = PLAYING.has(view.phase);
    const current = playing && view.current === seat;
    const finished = (view.finished || []).indexOf(seat);
    const passed = playing && (view.passed || []).includes(seat);
    const title = this.label(seat, table);
    const sub = [];
    // The title is the seat's one name ("Bot 1 (Medium)"); where it sits is its sub-line.
    if (position && seat !== this.mySeat) sub.push(t(`pos.${position}`));
    const flags = [];
    if (finished >= 0) flags.push(h("span.badge.out-badge.finish-badge", {}, placeLabel(finished)));
    if (passed) flags.push(h("span.badge.passed-badge", {}, tr("seat.passed")));
    if (view.table && view.table_owner === seat && playing) flags.push(h("span.badge.owner-badge", {}, tr("seat.owner")));
    if (typeof this.page?.seatFlags === "function" && this.page.snap?.table) flags.push(...this.page.seatFlags(seat, current));
    const parts = [tr("seat.label", { name: title, n: count, points: total })];
    if (current) parts.push(tr("seat.toPlay"));
    if (passed) parts.push(tr("seat.passed"));
    if (finished >= 0) parts.push(tr("seat.finished", { place: placeLabel(finished) }));
    const cards = replay && view.hands?.[seat] ? sortThirteen(view.hands[seat]) : null;
    const body = cards
      ? h("div.card-row.small.seat-cards", { role: "group", "aria-label": tr("seat.cardsOf", { who: title }) }, cards.map((c) => cardElement(c, { t })))
      : backs(count);
    return h(
      `section.seat.thirteen-seat${current ? ".current" : ""}${passed ? ".passed" : ""}${finished >= 0 ? ".finished" : ""}`,
      { "aria-label": parts.join(", "), "data-seat": String(seat), "aria-current": current ? "true" : null },
      h("div.seat-head", {}, h("span.seat-title", {}, title), sub.length ? h("span.seat-sub", {}, sub.join(" · ")) : null, ...flags),
      h("div.seat-body", {}, count || cards ? body : null, h("span.seat-count", { "aria-hidden": "true" }, tr("seat.cards", { n: count }))),
      h("div.seat-score", { "aria-hidden": "true" }, tr("seat.points", { n: total })),
    );
  }

  statusLine(view, myTurn, walked) {
    const me = this.mySeat;
    const table = this.table;
    const noPlayYet = !(view.log || []).some((e) => e.action.startsWith("play "));
    const firstLead = view.phase === "lead" && view.first_lead_card && noPlayYet ? cardShort(view.first_lead_card) : null;
    let text;
    if (view.phase === "round-over") text = tr("status.roundOver", { n: view.round });
    else if (view.phase === "match-over") text = tr("status.matchOver");
    else if (myTurn && firstLead) text = tr("status.yourFirstLead", { card: firstLead });
    else if (myTurn && view.phase === "lead") text = tr("status.yourLead");
    else if (myTurn) text = tr("status.yourTurn", { kind: kindLabel(view.table?.kind) });
    else if (firstLead) text = tr("status.firstLead", { who: this.label(view.current, table), card: firstLead });
    else text = tr("status.waiting", { who: this.label(view.current, table) });
    const parts = [h("span.turn-text#turn-text", {}, text)];
    const place = me === null ? -1 : (view.finished || []).indexOf(me);
    if (PLAYING.has(view.phase) && place >= 0) parts.push(h("span.status-note#status-note", {}, tr("status.youFinished", { place: placeLabel(place) })));
    else if (PLAYING.has(view.phase) && me !== null && (view.passed || []).includes(me)) parts.push(h("span.status-note#status-note", {}, tr("status.youPassed")));
    parts.push(h("span.turn-timer#turn-timer", { hidden: true, "aria-hidden": "true" }));
    return h(`div.status${myTurn ? ".mine" : ""}`, { role: "status" }, parts);
  }

  trick(view, table, walked, hintAction) {
    const combo = view.table;
    if (!combo || !PLAYING.has(view.phase) && !Array.isArray(view.hands)) {
      const empty = PLAYING.has(view.phase) ? tr("trick.empty") : "";
      return h("section.trick.empty#trick", { "aria-label": tr("trick.emptyLabel") }, h("div.trick-slot"), empty ? h("p.trick-note", {}, empty) : null);
    }
    const who = this.label(view.table_owner, table);
    const cards = sortThirteen(combo.cards);
    const bomb = Boolean(walked.table?.bomb && setKey(walked.table.cards) === setKey(combo.cards));
    const label = tr("trick.label", { kind: kindLabel(combo.kind), cards: spokenCards(cards), who }) + (bomb ? `, ${tr("trick.bomb")}` : "");
    return h(
      `section.trick${bomb ? ".bomb" : ""}#trick`,
      { role: "group", "aria-label": label, "data-kind": combo.kind, "data-owner": String(view.table_owner) },
      h("div.trick-head", {}, h("span.trick-owner", {}, tr("trick.playedBy", { who })), h("span.badge.kind-badge", {}, kindLabel(combo.kind))),
      fan(cards.map((c) => cardElement(c, { t })), "trick-cards"),
      bomb ? h("div.bomb-banner#bomb-banner", { "aria-hidden": "true" }, tr("trick.bombBanner")) : null,
    );
  }

  myArea(view, table, myTurn, hintAction, pending) {
    const me = this.mySeat;
    const legal = new Set(view.legal_actions || []);
    const picked = this.pickedAction(view);
    const canPlay = myTurn && !pending && Boolean(picked);
    const canPass = myTurn && !pending && legal.has("pass");
    const hinted = new Set(hintAction ? playCards(hintAction) : []);
    const place = (view.finished || []).indexOf(me);
    const passed = PLAYING.has(view.phase) && (view.passed || []).includes(me);
    const head = h(
      `div.me-head${myTurn ? ".current" : ""}`,
      {},
      h("span.seat-title", {}, tr("seat.you")),
      this.page.snap?.you?.name ? h("span.seat-sub", {}, this.page.snap.you.name) : null,
      place >= 0 ? h("span.badge.out-badge.finish-badge", {}, placeLabel(place)) : null,
      passed ? h("span.badge.passed-badge", {}, tr("seat.passed")) : null,
      h("span.seat-score#my-points", {}, tr("seat.points", { n: view.totals?.[me] ?? 0 })),
    );
    const controls = h(
      "div.controls.thirteen-controls",
      { role: "toolbar", "aria-label": tr("hand.controls") },
      this.control("th-play", "button.primary#play", () => this.play(), { text: tr("hand.play"), disabled: !canPlay, attrs: { "aria-keyshortcuts": "P" } }),
      this.control("th-pass", "button#pass", () => this.pass(), { text: tr("hand.pass"), disabled: !canPass, flags: { hinted: hintAction === "pass" }, attrs: { "aria-keyshortcuts": "X" } }),
      myTurn && view.hint
        ? this.control("th-hint", "button#hint", () => { this.hint = !this.hint; this.rerender(); }, { text: tr("hand.hint"), pressed: this.hint, attrs: { "aria-keyshortcuts": "H" } })
        : null,
      this.selected.size
        ? this.control("th-clear", "button#clear-pick", () => this.clearPick(), { text: tr("hand.clear"), attrs: { "aria-keyshortcuts": "C" } })
        : null,
    );
    // Always there (empty when nothing is picked), so that picking a card moves no other.
    let text = "";
    if (this.selected.size) {
      const cards = sortThirteen([...this.selected]);
      text = picked ? tr("pick.legal", { kind: kindLabel(kindOf(cards)), cards: shortCards(cards) }) : myTurn ? tr("pick.notLegal", { cards: shortCards(cards) }) : tr("pick.waiting", { cards: shortCards(cards) });
    }
    const pickNote = h(`p.pick-note#pick-note${picked ? ".legal" : ""}${text ? "" : ".blank"}`, {}, text || "\u00a0");
    const reason = hintAction ? h("p.hint-reason#hint-reason", { role: "status" }, hintText(view.hint)) : null;
    return h("section.me.thirteen-me", { "aria-label": tr("hand.area") }, head, controls, reason, pickNote, this.handRow(view, myTurn, hinted));
  }

  handRow(view, myTurn, hinted) {
    const order = sortThirteen(view.hand || []);
    if (!order.includes(this.focusCode)) this.focusCode = order[0] ?? null;
    const cards = order.map((code) => {
      const selected = this.selected.has(code);
      const classes = [];
      if (selected) classes.push("selected");
      if (hinted.has(code)) classes.push("hinted");
      if (myTurn) classes.push("playable");
      const extra = [];
      if (hinted.has(code)) extra.push(tr("hand.hinted"));
      return this.cardButton(code, { classes, label: [cardLabel(code, t), ...extra].join(", "), selected, focus: code === this.focusCode });
    });
    const row = fan(cards, "thirteen-hand", { id: "hand", role: "group", "aria-label": tr("hand.label", { n: order.length }), "data-count": String(order.length) });
    return h("div.hand-wrap.thirteen-hand-wrap", {}, row, h("p.sr-only#thirteen-hand-help", {}, tr("hand.keys")));
  }

  /** The finishing order and points of the last round, and the running totals. */
  results(view, table, { inline = false } = {}) {
    const result = view.results?.[view.results.length - 1];
    const names = (view.totals || []).map((_, seat) => this.label(seat, table));
    const parts = [];
    if (result) {
      const order = [...result.order, ...names.map((_, seat) => seat).filter((seat) => !result.order.includes(seat))];
      const rows = order.map((seat) => {
        const place = result.order.indexOf(seat);
        return h(
          `tr${seat === this.mySeat ? ".mine" : ""}`,
          { "data-seat": String(seat) },
          h("td.place", {}, place >= 0 ? placeLabel(place) : "—"),
          h("th.name", { scope: "row" }, names[seat]),
          h("td.points", {}, String(result.points[seat])),
          h("td.total", {}, String(view.totals[seat])),
        );
      });
      if (result.instant) parts.push(h("p.instant", {}, tr("round.instant", { who: names[result.order[0]] })));
      parts.push(
        h(
          "table.score-sheet.results#round-results",
          {},
          h("caption", {}, tr("round.order")),
          h("thead", {}, h("tr", {}, [tr("round.place"), tr("round.player"), tr("round.points"), tr("round.total")].map((c) => h("th", { scope: "col" }, c)))),
          h("tbody", {}, rows),
        ),
      );
    }
    if (!inline) parts.push(this.sheet(view, names));
    return h(`div.thirteen-results${inline ? ".inline" : ""}`, {}, parts);
  }

  /** Every round's points, a totals row; the leader marked; the race to the target. */
  sheet(view, names) {
    const totals = view.totals || [];
    const top = Math.max(...totals);
    const rows = (view.results || []).map((result) =>
      h("tr", {}, h("th", { scope: "row" }, String(result.round)), result.points.map((p) => h("td", {}, String(p)))),
    );
    return h(
      "div.sheet-wrap",
      {},
      h(
        "table.score-sheet#totals",
        {},
        h("caption", {}, tr("round.sheet", { n: view.target })),
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, tr("round.round")), names.map((n) => h("th", { scope: "col" }, n)))),
        h("tbody", {}, rows),
        h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, tr("round.total")), totals.map((v) => h(`td${v === top && v > 0 ? ".leader" : ""}`, {}, String(v))))),
      ),
    );
  }

  roundOverPanel(view, table) {
    const me = this.mySeat;
    const over = view.phase === "match-over";
    const ready = (table?.ready || []).includes(me);
    const names = (view.totals || []).map((_, seat) => this.label(seat, table));
    const parts = [];
    if (over) {
      const winners = view.winners?.length ? view.winners : table?.winners || [];
      const text = !winners.length ? tr("match.noWinner") : winners.includes(me) ? (winners.length > 1 ? tr("match.youShare") : tr("match.youWon")) : tr("match.won", { who: winners.map((w) => names[w]).join(", ") });
      parts.push(h("h2#round-over-title", {}, tr("match.over")), h("p.winner#winner", {}, text));
    } else {
      parts.push(h("h2#round-over-title", {}, tr("round.over", { n: view.round })));
      const first = view.results?.[view.results.length - 1]?.order?.[0];
      if (first !== undefined) parts.push(h("p.first", {}, first === me ? tr("round.youFirst") : tr("round.first", { who: names[first] })));
    }
    parts.push(this.results(view, table));
    const buttons = h("div.row.actions");
    if (!over && me !== null) {
      buttons.append(this.control("next-round", "button.primary.big#next-round", () => this.page.send("ready"), { text: ready ? tr("round.waiting") : tr("round.next"), disabled: ready, attrs: { "aria-keyshortcuts": "N" } }));
    }
    if (over) {
      buttons.append(h("a.button.primary#new-match", { href: "/", "data-nav": "" }, tr("match.home")));
      if (table?.id) buttons.append(h("a.button#to-history", { href: `/#/replay/${table.id}` }, tr("match.replay")));
    }
    if (table?.turn_deadline && !over) buttons.append(h("span.turn-timer.round-timer", { "aria-hidden": "true" }));
    parts.push(buttons);
    return h("div.overlay", {}, h("div.panel.round-over.thirteen-round-over#round-over", { role: "dialog", "aria-modal": "false", "aria-labelledby": "round-over-title" }, parts));
  }

  helpDialog() {
    const keys = ["← →", tr("help.space"), "P", "X", "H", "C", "N", "?"];
    const close = h("button.close", { type: "button", "aria-label": t("common.close"), "data-key": "th-help-close", onclick: () => this.closeDialog() }, "×");
    return h(
      "div.overlay.dialog-overlay",
      { onclick: (e) => { if (e.target === e.currentTarget) this.closeDialog(); } },
      h(
        "div.panel.dialog#thirteen-help",
        { role: "dialog", "aria-modal": "true", "aria-labelledby": "thirteen-help-title" },
        h("header", {}, h("h2#thirteen-help-title", {}, tr("help.title")), close),
        h("p", {}, tr("help.intro")),
        h("dl.keys", {}, keys.map((k, i) => [h("dt", {}, h("kbd", {}, k)), h("dd", {}, tr(`help.key.${i}`))])),
      ),
    );
  }
}

/**
 * A row of cards that overlap only as much as the width needs: each card sits in a slot
 * that shrinks (its card spills over into the next slot); the last slot is a whole card.
 */
function fan(cards, className, attrs = {}) {
  return h(`div.fan.${className}`, attrs, cards.map((card) => h("span.slot", {}, card)));
}

/** The board of a Thirteen table (boards.js). */
export function createBoard(page) {
  return new ThirteenBoard(page);
}
