// Rummy's board (boards.js): the seats, the stock and the discard pile, the melds on the
// table grouped by who laid them, the hand to meld, lay off and discard from, and the score
// sheet to 100. The server is authoritative: every move sent is one of view.legal_actions
// ("draw", "take", "meld 4H 5H 6H", "layoff 7H on 2", "discard KC"; docs/notation.md).
//
// The board lives as long as the table page: the hand's order, the selection and the
// hint's state are kept on it across snapshots. render() builds a fresh div.game each time.
//
// The hand's click, key and drag handling is in rummy-hand.js; mixin() after the class
// copies those methods onto RummyBoard.

import { cardElement, cardLabel, cardShort, parseCard, sortCards } from "./cards.js";
import { announce, h, toast } from "./dom.js";
import { t } from "./i18n.js";
import { backs, botMoveKey, byBot, cardRow, markBotMoves, seatName } from "./render.js";
import { mixin } from "./mixin.js";
import { RummyHandMethods, SORT_KEY } from "./rummy-hand.js";

const PLAYING = new Set(["draw", "meld"]);
const OVER = new Set(["round-over", "match-over"]);

// ---- notation --------------------------------------------------------------------------------

/** A move in notation as {kind, cards, card, meld}: "layoff 7H on 2" is {kind: "layoff",
 * card: "7H", meld: 2}. Unknown forms come back as {kind: "other"}. */
export function parseMove(text) {
  const words = String(text || "").trim().split(/\s+/);
  const kind = words[0];
  if (kind === "draw" || kind === "take") return { kind, cards: [] };
  if (kind === "meld") return { kind, cards: words.slice(1) };
  if (kind === "layoff" && words.length === 4) return { kind, card: words[1], cards: [words[1]], meld: Number(words[3]) };
  if (kind === "discard" && words.length === 2) return { kind, card: words[1], cards: [words[1]] };
  return { kind: "other", cards: [] };
}

/** A card's penalty points: face cards 10, the ace 1, the others their face value. */
export function cardPoints(code) {
  const { rank } = parseCard(code);
  if (rank === "A") return 1;
  if (rank === "J" || rank === "Q" || rank === "K") return 10;
  return Number(rank);
}

function sameSet(a, b) {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((c) => set.has(c));
}

/** Keep the player's order for the cards still held; new cards go to the end. */
function reconcile(previous, hand) {
  const held = new Set(hand);
  const kept = previous.filter((c) => held.has(c));
  const known = new Set(kept);
  return [...kept, ...hand.filter((c) => !known.has(c))];
}

const short = (codes) => codes.map(cardShort).join(" ");
const spoken = (codes) => codes.map((c) => cardLabel(c, t)).join(", ");

// ---- the board -------------------------------------------------------------------------------

export function createBoard(page) {
  return new RummyBoard(page);
}

class RummyBoard {
  constructor(page) {
    this.page = page;
    this.game = "rummy";
    let mode = null;
    try {
      mode = localStorage.getItem(SORT_KEY);
    } catch {
      mode = null;
    }
    this.sortMode = ["suit", "rank", "custom"].includes(mode) ? mode : "suit";
    this.order = []; // the hand as shown, card codes
    this.selected = []; // card codes, in the order chosen
    this.fresh = new Set(); // cards that came into the hand this turn
    this.hint = false;
    this.dialog = null; // "scores" | "help" | null
    this.logSeen = { round: null, length: 0 };
    this.botMoves = new Set(); // the log's moves a bot made for a person (render.js markBotMoves)
    this.focusCard = null; // the card with the roving tab stop
    this.handFocused = false; // the focus was in the hand at the last render
    this.drag = null;
    this.suppressClick = false;
    this.view = null;
    this.table = null;
  }

  destroy() {
    this.endDrag();
  }

  // ---- who is who ------------------------------------------------------------------------

  get me() {
    const seat = this.page?.mySeat;
    return seat === null || seat === undefined ? null : seat;
  }

  /** A seat's name as the page says it ("You" for the player's own seat). */
  name(seat) {
    if (seat === null || seat === undefined) return "";
    const page = this.page;
    let name;
    if (page?.nameOf) name = page.nameOf(seat);
    else if (page?.seatLabel) name = page.seatLabel(seat);
    else {
      const names = this.table?.names;
      name = seatName(this.table, seat, Array.isArray(names) ? names : null);
    }
    // The page's name is the seat's one name everywhere (render.js displayNames).
    return name;
  }

  // ---- snapshots ---------------------------------------------------------------------------

  onSnapshot(previous, msg) {
    const view = msg?.view;
    if (!view) return;
    this.table = msg.table || this.table;
    const before = previous?.view;
    const hand = view.hand || [];
    const sameRound = before && before.round === view.round;
    if (!sameRound) {
      this.fresh = new Set();
      this.selected = [];
      this.hint = false;
    } else {
      const had = new Set(before.hand || []);
      const added = hand.filter((c) => !had.has(c));
      if (added.length) this.fresh = new Set(added);
    }
    // A turn that is over leaves no card marked new, and no hint standing.
    if (view.current !== this.me || !PLAYING.has(view.phase)) {
      this.fresh = new Set();
      this.hint = false;
    }
    if (before && before.current !== view.current) this.hint = false;
    this.updateOrder(hand);
    const held = new Set(hand);
    this.selected = this.selected.filter((c) => held.has(c));
    this.announceNews(previous, msg);
    // A card melded or laid off takes the focus with it: give it to its neighbour.
    if (this.handFocused && typeof window !== "undefined") {
      const index = Math.max(0, this.order.indexOf(this.focusCard));
      if (!held.has(this.focusCard)) this.focusCard = this.order[Math.min(this.lastFocusIndex ?? 0, this.order.length - 1)] ?? null;
      setTimeout(() => {
        const active = document.activeElement;
        if (active && active !== document.body && document.contains(active)) return;
        const card = this.focusCard ? document.querySelector(`#hand [data-card="${this.focusCard}"]`) : document.querySelectorAll("#hand .card")[index];
        card?.focus({ preventScroll: true });
      }, 0);
    }
  }

  updateOrder(hand) {
    if (this.sortMode === "suit" || this.sortMode === "rank") this.order = sortCards(hand, this.sortMode, null);
    else this.order = reconcile(this.order, hand);
  }

  setSort(mode) {
    this.sortMode = mode;
    try {
      localStorage.setItem(SORT_KEY, mode);
    } catch {
      // private mode: the order is kept for this page only
    }
    if (this.view) this.updateOrder(this.view.hand || []);
    this.redraw();
    announce(t(`rummy.sort.done.${mode}`));
  }

  /** Say what the others did since the last snapshot, and when the turn comes round. */
  announceNews(previous, msg) {
    const view = msg.view;
    const log = view.log || [];
    const start = this.logSeen.round === view.round ? Math.min(this.logSeen.length, log.length) : 0;
    const said = [];
    if (previous?.view && this.logSeen.round !== null) {
      markBotMoves(this.botMoves, previous, msg, log, start);
      log.forEach((event, index) => {
        // The player's own move is news only when a bot made it for them.
        if (index < start || (event.seat === this.me && !this.botMoves.has(botMoveKey(view.round, index)))) return;
        said.push(this.describe(event, { index, round: view.round, cards: spoken }));
      });
      const before = previous.view;
      if (before.phase !== view.phase && OVER.has(view.phase)) {
        said.push(view.phase === "match-over" ? t("rummy.status.matchOver") : t("rummy.status.handOver", { n: view.round }));
      } else if (view.current === this.me && view.phase === "draw" && (before.current !== view.current || before.round !== view.round)) {
        said.push(t("rummy.status.yourDraw"));
      }
    }
    this.logSeen = { round: view.round, length: log.length };
    if (said.length) announce(said.join(". "));
  }

  /** Who made the move at `index` of round `round`'s log: "Ada (played by the bot)" when
   * a stand-in or the turn timer played it for her. */
  actor(seat, index, round) {
    const name = this.name(seat);
    return this.botMoves.has(botMoveKey(round, index)) ? byBot(name) : name;
  }

  /** One event of the log in words: the event at `index` of round `round`'s log; `cards`
   * writes a list of cards (short or spoken). */
  describe(event, { index, round, cards = short }) {
    const who = this.actor(event.seat, index, round);
    const move = parseMove(event.action);
    let text;
    switch (move.kind) {
      case "draw":
        text = t("rummy.log.draw", { who });
        break;
      case "take":
        text = t("rummy.log.take", { who, card: event.taken ? cards([event.taken]) : "" });
        break;
      case "meld":
        text = t("rummy.log.meld", { who, cards: cards(move.cards) });
        break;
      case "layoff":
        text = t("rummy.log.layoff", { who, card: cards([move.card]), n: move.meld });
        break;
      case "discard":
        text = t("rummy.log.discard", { who, card: cards([move.card]) });
        break;
      default:
        text = `${who}: ${event.action}`;
    }
    if (event.rebuilt) text = `${t("rummy.log.rebuilt")} ${text}`;
    if (event.went_out) text += ` ${t("rummy.log.wentOut", { who })}`;
    return text;
  }

  // ---- what may be done ----------------------------------------------------------------------

  legal() {
    return new Set(this.view?.legal_actions || []);
  }

  myTurn() {
    const view = this.view;
    return Boolean(view) && this.me !== null && view.current === this.me && PLAYING.has(view.phase) && !view.hands;
  }

  /** The legal meld whose cards are exactly the selection, or null. */
  meldAction() {
    if (this.selected.length < 3) return null;
    for (const action of this.view?.legal_actions || []) {
      if (action.startsWith("meld ") && sameSet(parseMove(action).cards, this.selected)) return action;
    }
    return null;
  }

  /** The selected card when exactly one is selected. */
  single() {
    return this.selected.length === 1 ? this.selected[0] : null;
  }

  discardAction() {
    const card = this.single();
    const action = card ? `discard ${card}` : null;
    return action && this.legal().has(action) ? action : null;
  }

  /** The meld numbers the selected card may be laid off on. */
  layoffTargets() {
    const card = this.single();
    if (!card) return [];
    const prefix = `layoff ${card} on `;
    return (this.view?.legal_actions || []).filter((a) => a.startsWith(prefix)).map((a) => Number(a.slice(prefix.length)));
  }

  /** The hinted move, parsed, while the hint is shown on the player's turn. */
  hinted() {
    if (!this.hint || !this.myTurn() || !this.view?.hint?.action) return null;
    return parseMove(this.view.hint.action);
  }

  act(action) {
    if (!action || this.page?.pending) return false;
    const sent = this.page?.act?.(action);
    if (sent) {
      const move = parseMove(action);
      if (move.kind === "meld" || move.kind === "layoff" || move.kind === "discard") this.selected = [];
      this.hint = false;
    }
    return Boolean(sent);
  }

  toggle(code) {
    const i = this.selected.indexOf(code);
    if (i >= 0) this.selected.splice(i, 1);
    else this.selected.push(code);
    this.focusCard = code;
    this.redraw();
    const state = i >= 0 ? t("rummy.hand.unselected", { card: cardLabel(code, t) }) : t("rummy.hand.selected", { card: cardLabel(code, t) });
    const extra = this.meldAction() ? ` ${t("rummy.hand.canMeld")}` : this.layoffTargets().length ? ` ${t("rummy.hand.canLayoff", { melds: this.layoffTargets().join(", ") })}` : "";
    announce(state + extra);
  }

  clearSelection() {
    if (!this.selected.length) return false;
    this.selected = [];
    this.redraw();
    announce(t("rummy.hand.cleared"));
    return true;
  }

  meld() {
    const action = this.meldAction();
    if (action) this.act(action);
    else if (this.myTurn() && this.view.phase === "meld") toast(t(this.selected.length < 3 ? "rummy.hand.pickMeld" : "rummy.hand.notMeld"), 2500);
  }

  discard() {
    const action = this.discardAction();
    if (action) this.act(action);
    else if (this.myTurn() && this.view.phase === "draw") toast(t("rummy.hand.drawFirst"), 2500);
    else if (this.myTurn()) toast(t("rummy.hand.pickDiscard"), 2500);
  }

  layoff(meld) {
    const card = this.single();
    if (!card) {
      if (this.myTurn() && this.view.phase === "meld") toast(t("rummy.hand.pickLayoff"), 2500);
      return;
    }
    this.act(`layoff ${card} on ${meld}`);
  }

  /** The pile: take its top card before drawing; with one card selected, discard onto it. */
  onPile() {
    const legal = this.legal();
    if (legal.has("take")) this.act("take");
    else if (this.discardAction()) this.act(this.discardAction());
  }

  toggleHint() {
    this.hint = !this.hint;
    const move = this.hinted();
    if (move && move.cards.length) this.selected = [...move.cards];
    this.redraw();
    if (this.hint && this.view?.hint) announce(this.hintText(this.view.hint));
  }

  hintText(hint) {
    const params = {};
    for (const [key, value] of Object.entries(hint.params || {})) {
      params[key] = typeof value === "string" && /^(card|cards|meld)$/.test(key) ? value.split(" ").map((c) => { try { return cardShort(c); } catch { return c; } }).join(" ") : value;
    }
    for (const key of [`rummy.${hint.key}`, hint.key]) {
      const text = t(key, params);
      if (text !== key && !/\{\w+\}/.test(text)) return text;
    }
    return hint.text || "";
  }

  /** The hinted move in words ("Meld 5♣ 6♣ 7♣"). */
  hintMove(move) {
    switch (move.kind) {
      case "draw":
        return t("rummy.hint.draw");
      case "take":
        return t("rummy.hint.take", { card: this.pileTop() ? cardShort(this.pileTop()) : "" });
      case "meld":
        return t("rummy.hint.meld", { cards: short(move.cards) });
      case "layoff":
        return t("rummy.hint.layoff", { card: cardShort(move.card), n: move.meld });
      case "discard":
        return t("rummy.hint.discard", { card: cardShort(move.card) });
      default:
        return this.view.hint.action;
    }
  }

  pileTop() {
    const pile = this.view?.pile || [];
    return pile.length ? pile[pile.length - 1] : null;
  }

  /** Draw the page again (the page restores the focus by data-key). */
  redraw() {
    if (this.page?.render && this.page.snap) this.page.render();
  }

  // ---- rendering ---------------------------------------------------------------------------

  render(view, table) {
    this.view = view;
    this.table = table || {};
    if (!this.order.length || !sameSet(this.order, view.hand || [])) this.updateOrder(view.hand || []);
    const active = typeof document !== "undefined" ? document.activeElement : null;
    this.handFocused = Boolean(active?.closest?.("#hand"));
    if (this.handFocused) this.lastFocusIndex = Math.max(0, this.order.indexOf(active.dataset.card));
    const mine = this.myTurn();
    const classes = [`div.game.rummy-game.phase-${view.phase}`];
    if (mine) classes.push("my-turn");
    if (this.page?.pending) classes.push("pending");
    if (view.hands) classes.push("replay-view");
    const game = h(classes.join("."), {
      "data-phase": view.phase,
      "data-game": "rummy",
      "data-round": String(view.round),
      "data-moves": String((view.log || []).length),
      "data-current": view.current === null || view.current === undefined ? "" : String(view.current),
    });
    game.append(this.infobar(view, table));
    const felt = h("div.felt.rummy-felt", { "data-players": String(view.players) });
    felt.append(this.seatsRow(view, table), this.middle(view), this.tableMelds(view));
    if (this.me !== null && !view.hands) felt.append(this.myArea(view));
    game.append(felt);
    if (OVER.has(view.phase) && !view.hands) game.append(this.roundOverPanel(view, table));
    if (this.dialog) game.append(this.dialogPanel(view));
    return game;
  }

  infobar(view, table) {
    const rulesName = table?.rules?.name;
    return h(
      "div.infobar.rummy-info",
      {},
      h("span.round-info#round-info", {}, t("rummy.info.hand", { n: view.round })),
      h("span.target-info#target-info", {}, t("rummy.info.target", { n: view.target })),
      h("span.stock-info", {}, t("rummy.info.stock", { n: view.stock_size })),
      rulesName && rulesName !== "standard" ? h("span.rules-name", {}, rulesName) : null,
      this.me === null && !view.hands ? h("span.badge.watching", {}, t("rummy.info.watching")) : null,
      h("span.spacer"),
      h("button#show-scores", { type: "button", "aria-haspopup": "dialog", "aria-keyshortcuts": "C", "data-key": "scores", onclick: () => this.openDialog("scores") }, t("rummy.info.scores")),
      h("button#show-help", { type: "button", "aria-haspopup": "dialog", "aria-keyshortcuts": "?", "data-key": "help", onclick: () => this.openDialog("help") }, t("rummy.info.keys")),
    );
  }

  /** The other seats (every seat for a spectator or a replay), in seat order after mine. */
  seatsRow(view, table) {
    const me = view.hands ? null : this.me;
    const seats = [];
    for (let i = 0; i < view.players; i++) {
      const seat = me === null ? i : (me + i) % view.players;
      if (seat !== me) seats.push(this.seatBox(seat, view, table));
    }
    return h("div.rummy-seats#rummy-seats", { role: "list", "aria-label": t("rummy.seats") }, seats);
  }

  seatBox(seat, view, table) {
    const current = view.current === seat && PLAYING.has(view.phase);
    const count = view.hand_sizes?.[seat] ?? 0;
    const total = view.totals?.[seat] ?? 0;
    const name = this.name(seat);
    const sub = [];
    if (seat === view.dealer) sub.push(t("rummy.seat.dealer"));
    const flags = this.page?.seatFlags && table?.seats ? this.page.seatFlags(seat, current) : [];
    const label = [t("rummy.seat.label", { name, n: count, points: total })];
    if (current) label.push(t("rummy.seat.toPlay"));
    if (seat === view.dealer) label.push(t("rummy.seat.dealer"));
    if (view.laid?.includes(seat)) label.push(t("rummy.seat.hasMelded"));
    const hand = view.hands?.[seat];
    const body = hand
      ? h("div.seat-body.rummy-open-hand", {}, cardRow(sortCards(hand, "suit", null), { className: "open-hand" }))
      : h("div.seat-body", {}, backs(count, 11), h("span.seat-count", { "aria-hidden": "true" }, t("rummy.seat.cards", { n: count })));
    return h(
      `section.seat.rummy-seat${current ? ".current" : ""}`,
      { role: "listitem", "aria-label": label.join(", "), "data-seat": String(seat), "aria-current": current ? "true" : null },
      h("div.seat-head", {}, h("span.seat-title", {}, name), sub.length ? h("span.seat-sub", {}, sub.join(" · ")) : null, ...flags),
      body,
      h("div.seat-score", { "aria-hidden": "true" }, t("rummy.seat.points", { n: total })),
    );
  }

  middle(view) {
    const mine = this.myTurn();
    const legal = this.legal();
    const pending = Boolean(this.page?.pending);
    const hint = this.hinted();
    const canDraw = legal.has("draw") && !pending;
    const canTake = legal.has("take") && !pending;
    const discard = this.discardAction();
    const canDrop = Boolean(discard) && !pending;
    const stock = h(
      `button.pile.stock#stock${canDraw ? ".can" : ""}${hint?.kind === "draw" ? ".hinted" : ""}`,
      {
        type: "button",
        disabled: !canDraw,
        "aria-label": t("rummy.pile.stockLabel", { n: view.stock_size }),
        "aria-keyshortcuts": "S",
        "data-key": "stock",
        onclick: () => this.act("draw"),
      },
      view.stock_size > 0 ? cardElement("back", { t, label: "" }) : h("div.empty-pile"),
      h("span.pile-count", { "aria-hidden": "true" }, String(view.stock_size)),
    );
    const pile = view.pile || [];
    const top = this.pileTop();
    const under = pile.slice(-3, -1);
    let pileLabel = top ? t("rummy.pile.top", { card: cardLabel(top, t) }) : t("rummy.pile.empty");
    if (canTake) pileLabel = t("rummy.pile.take", { card: cardLabel(top, t) });
    else if (canDrop) pileLabel = t("rummy.pile.discard", { card: cardLabel(this.single(), t), top: top ? cardLabel(top, t) : t("rummy.pile.nothing") });
    const pileButton = h(
      `button.pile.discard.rummy-pile#discard-pile${canTake || canDrop ? ".can" : ""}${hint?.kind === "take" ? ".hinted" : ""}${canDrop ? ".drop-ok" : ""}`,
      {
        type: "button",
        disabled: !(canTake || canDrop),
        "aria-label": pileLabel,
        "aria-keyshortcuts": "D",
        "data-key": "pile",
        "data-top": top || "",
        "data-drop": "pile",
        onclick: () => this.onPile(),
      },
      h("div.pile-stack", {}, under.map((c, i) => cardElement(c, { t, label: "", extraClass: `under under-${under.length - i}` })), top ? cardElement(top, { t, label: "", extraClass: "top" }) : h("div.empty-pile")),
      pile.length > 1 ? h("span.pile-count", { "aria-hidden": "true" }, String(pile.length)) : null,
    );
    const piles = h(
      "div.piles",
      {},
      h("div.pile-slot", {}, stock, h("span.pile-label", { "aria-hidden": "true" }, t("rummy.pile.stock"))),
      h("div.pile-slot", {}, pileButton, h("span.pile-label", { "aria-hidden": "true" }, t("rummy.pile.pile"))),
    );
    const recent = (view.log || []).slice(-3);
    const first = (view.log || []).length - recent.length;
    return h(
      "div.rummy-middle",
      {},
      this.statusLine(view, mine),
      piles,
      recent.length ? h("ol.recent#recent-moves", { "aria-hidden": "true" }, recent.map((e, i) => h("li", {}, this.describe(e, { index: first + i, round: view.round })))) : null,
    );
  }

  statusLine(view, mine) {
    let text;
    if (view.phase === "round-over") text = t("rummy.status.handOver", { n: view.round });
    else if (view.phase === "match-over") text = t("rummy.status.matchOver");
    else if (mine && view.phase === "draw") text = this.pileTop() ? t("rummy.status.yourDraw") : t("rummy.status.yourDrawStock");
    else if (mine) text = t("rummy.status.yourMeld");
    else if (view.current !== null && view.current !== undefined) text = t("rummy.status.waiting", { who: this.name(view.current) });
    else text = "";
    return h(
      `div.status${mine ? ".mine" : ""}`,
      { role: "status" },
      h("span.turn-text#turn-text", {}, text),
      h("span.turn-timer#turn-timer", { hidden: true, "aria-hidden": "true" }),
    );
  }

  /** The melds on the table, grouped by the seat that laid them down; each keeps its number. */
  tableMelds(view) {
    const melds = view.table || [];
    const targets = new Set(this.myTurn() && !this.page?.pending ? this.layoffTargets() : []);
    const hint = this.hinted();
    const owners = [];
    const order = [];
    for (let i = 0; i < view.players; i++) order.push(this.me === null || view.hands ? i : (this.me + i) % view.players);
    for (const seat of order) {
      const mine = melds.map((m, i) => ({ ...m, number: i + 1 })).filter((m) => m.owner === seat);
      if (mine.length) owners.push({ seat, melds: mine });
    }
    const section = h("section.rummy-table#table-melds", { "aria-label": t("rummy.table.label", { n: melds.length }) });
    if (!owners.length) {
      section.append(h("p.rummy-no-melds", {}, t("rummy.table.empty")));
      return section;
    }
    for (const { seat, melds: group } of owners) {
      const title = seat === this.me ? t("rummy.table.mine") : t("rummy.table.of", { who: this.name(seat) });
      section.append(
        h(
          `div.meld-group${seat === this.me ? ".mine" : ""}`,
          { role: "group", "aria-label": title, "data-owner": String(seat) },
          h("span.meld-owner", { "aria-hidden": "true" }, title),
          h("div.meld-list", {}, group.map((m) => this.meldElement(m, targets.has(m.number), hint?.kind === "layoff" && hint.meld === m.number))),
        ),
      );
    }
    return section;
  }

  meldElement(meld, target, hinted) {
    const kind = t(meld.kind === "set" ? "rummy.meld.set" : "rummy.meld.run");
    const label = t("rummy.meld.label", { n: meld.number, kind, cards: spoken(meld.cards) });
    const card = this.single();
    const classes = ["table-meld", `meld-${meld.kind}`];
    if (target) classes.push("can-layoff");
    if (hinted) classes.push("hinted");
    const body = [h("span.meld-no", { "aria-hidden": "true" }, String(meld.number)), h("div.card-row.small.meld-cards", {}, meld.cards.map((c) => cardElement(c, { t, label: "" })))];
    if (target) {
      return h(
        `button.${classes.join(".")}#table-meld-${meld.number}`,
        {
          type: "button",
          "aria-label": t("rummy.meld.layoffLabel", { card: cardLabel(card, t), label }),
          "data-meld": String(meld.number),
          "data-key": `meld-${meld.number}`,
          "data-drop": "meld",
          onclick: () => this.layoff(meld.number),
        },
        body,
      );
    }
    return h(`div.${classes.join(".")}#table-meld-${meld.number}`, { role: "img", "aria-label": label, "data-meld": String(meld.number) }, body);
  }

  myArea(view) {
    const me = this.me;
    const mine = this.myTurn();
    const pending = Boolean(this.page?.pending);
    const hint = this.hinted();
    const meld = mine && !pending ? this.meldAction() : null;
    const discard = mine && !pending ? this.discardAction() : null;
    const targets = mine && !pending ? this.layoffTargets() : [];
    const points = (view.hand || []).reduce((sum, c) => sum + cardPoints(c), 0);
    const head = h(
      `div.me-head${mine ? ".current" : ""}`,
      {},
      h("span.seat-title", {}, t("rummy.seat.you")),
      this.page?.snap?.you?.name ? h("span.seat-sub", {}, this.page.snap.you.name) : null,
      me === view.dealer ? h("span.seat-sub", {}, t("rummy.seat.dealer")) : null,
      ...(this.page?.seatFlags && this.table?.seats ? this.page.seatFlags(me, mine) : []),
      h("span.seat-score", {}, t("rummy.seat.points", { n: view.totals?.[me] ?? 0 })),
      h("span.deadwood#hand-points", {}, t("rummy.hand.points", { n: points })),
    );
    const sort = h(
      "div.sort-group",
      { role: "group", "aria-label": t("rummy.sort.group") },
      ["suit", "rank"].map((mode) =>
        h(`button.sort#sort-${mode}`, { type: "button", "aria-pressed": String(this.sortMode === mode), "data-key": `sort-${mode}`, "aria-keyshortcuts": mode === "suit" ? "U" : "R", onclick: () => this.setSort(mode) }, t(`rummy.sort.${mode}`)),
      ),
    );
    const showMeld = mine && view.phase === "meld";
    const controls = h(
      "div.controls.rummy-controls",
      { role: "toolbar", "aria-label": t("rummy.hand.controls") },
      sort,
      showMeld
        ? h(`button.meld-button#meld-button${meld ? ".primary" : ""}${hint?.kind === "meld" ? ".hinted" : ""}`, { type: "button", disabled: !meld, "data-key": "meld", "aria-keyshortcuts": "M", onclick: () => this.meld() }, t("rummy.hand.meld"))
        : null,
      showMeld
        ? h(`button.discard-button#discard-button${discard ? ".primary" : ""}${hint?.kind === "discard" ? ".hinted" : ""}`, { type: "button", disabled: !discard, "data-key": "discard", "aria-keyshortcuts": "X", onclick: () => this.discard() }, t("rummy.hand.discard"))
        : null,
      mine && view.hint ? h("button#hint", { type: "button", "aria-pressed": String(this.hint), "data-key": "hint", "aria-keyshortcuts": "H", onclick: () => this.toggleHint() }, t("rummy.hand.hint")) : null,
      this.selected.length && !view.hands ? h("button#clear-selection", { type: "button", "data-key": "clear", onclick: () => this.clearSelection() }, t("rummy.hand.clear", { n: this.selected.length })) : null,
    );
    const notes = [];
    if (hint) {
      notes.push(h("p.hint-reason#hint-reason", { role: "status" }, h("strong", {}, this.hintMove(hint)), " ", this.hintText(view.hint)));
    }
    if (mine && view.phase === "meld" && !pending) {
      let note = null;
      if (targets.length) note = t("rummy.hand.layoffNote", { melds: targets.join(", ") });
      else if (this.selected.length >= 3 && !meld) note = t("rummy.hand.notMeld");
      else if (this.single() && this.single() === view.taken && !discard) note = t("rummy.hand.takenNote");
      if (note) notes.push(h("p.rummy-note#selection-note", {}, note));
    }
    return h("section.me.rummy-me", { "aria-label": t("rummy.hand.area") }, head, controls, notes, this.handRow(view, mine, hint));
  }

  handRow(view, mine, hint) {
    const order = this.order;
    const selected = new Set(this.selected);
    const hinted = new Set(hint ? hint.cards : []);
    const row = h("div.hand.rummy-hand#hand", { role: "group", "aria-label": t("rummy.hand.label", { n: order.length }), "data-count": String(order.length), "aria-describedby": "hand-help" });
    if (!this.focusCard || !order.includes(this.focusCard)) this.focusCard = order[0] ?? null;
    order.forEach((code, i) => {
      const classes = [];
      const extra = [];
      if (selected.has(code)) {
        classes.push("selected");
        extra.push(t("rummy.hand.isSelected"));
      }
      if (this.fresh.has(code) && mine) {
        classes.push("new");
        extra.push(t("rummy.hand.new"));
      }
      if (hinted.has(code)) {
        classes.push("hinted");
        extra.push(t("rummy.hand.hinted"));
      }
      if (mine) classes.push("playable");
      const el = cardElement(code, { t, interactive: true, label: [cardLabel(code, t), ...extra].join(", "), extraClass: classes.join(" ") });
      el.dataset.index = String(i);
      el.dataset.key = `card-${code}`;
      el.setAttribute("aria-pressed", String(selected.has(code)));
      el.tabIndex = code === this.focusCard ? 0 : -1;
      el.addEventListener("click", (event) => this.onCardClick(event, code));
      el.addEventListener("keydown", (event) => this.onCardKey(event, code));
      el.addEventListener("focus", () => {
        this.focusCard = code;
      });
      el.addEventListener("pointerdown", (event) => this.onPointerDown(event, code));
      row.append(el);
    });
    return h("div.hand-wrap", {}, row, h("p.sr-only#hand-help", {}, t("rummy.hand.keys")));
  }

  // ---- the end of a hand and of the match ---------------------------------------------------

  roundOverPanel(view, table) {
    const me = this.me;
    const over = view.phase === "match-over";
    const result = view.results?.[view.results.length - 1] ?? null;
    const ready = (table?.ready || []).includes(me);
    const parts = [];
    if (over) {
      const winners = view.winners?.length ? view.winners : table?.winners || [];
      const names = winners.map((w) => this.name(w)).join(", ");
      const text = winners.includes(me) ? t(winners.length > 1 ? "rummy.over.youShare" : "rummy.over.youWon") : t("rummy.over.won", { who: names, n: winners.length });
      parts.push(h("h2#round-over-title", {}, t("rummy.over.title")), h("p.winner#winner", {}, text));
      const losers = (view.totals || []).map((v, i) => (v >= view.target ? i : -1)).filter((i) => i >= 0);
      if (losers.length) parts.push(h("p#reached", {}, t("rummy.over.reached", { who: losers.map((i) => this.name(i)).join(", "), n: view.target })));
    } else {
      parts.push(h("h2#round-over-title", {}, t("rummy.over.handTitle", { n: view.round })));
    }
    if (result) parts.push(this.handResult(result, view));
    parts.push(h("div.sheet-wrap", {}, this.scoreSheet(view)));
    const buttons = h("div.row.actions");
    if (!over && me !== null) {
      buttons.append(h("button.primary.big#next-round", { type: "button", disabled: ready, "data-key": "next-round", "aria-keyshortcuts": "N", onclick: () => this.page?.send?.("ready") }, ready ? t("rummy.over.waiting") : t("rummy.over.next")));
    }
    if (over) {
      buttons.append(h("a.button.primary#new-match", { href: "/", "data-nav": "" }, t("rummy.over.home")));
      if (table?.id) buttons.append(h("a.button#to-history", { href: `/#/replay/${table.id}` }, t("rummy.over.replay")));
    }
    if (table?.turn_deadline && !over) buttons.append(h("span.turn-timer.round-timer", { "aria-hidden": "true" }));
    parts.push(buttons);
    return h("div.overlay", {}, h("div.panel.round-over.rummy-round-over#round-over", { role: "dialog", "aria-modal": "false", "aria-labelledby": "round-over-title" }, parts));
  }

  /** How the last hand ended, and each seat's points for it. */
  handResult(result, view) {
    let how;
    if (result.void) how = t("rummy.over.void");
    else if (result.rummy) how = t("rummy.over.rummy", { who: this.name(result.out) });
    else how = t("rummy.over.out", { who: this.name(result.out) });
    const seats = (result.points || []).map((points, seat) =>
      h(
        `li.hand-points${seat === result.out ? ".out" : ""}${seat === this.me ? ".mine" : ""}`,
        { "data-seat": String(seat), "data-points": String(points) },
        h("span.name", {}, this.name(seat)),
        seat === result.out ? h("span.badge.out-badge", {}, t(result.rummy ? "rummy.over.rummyBadge" : "rummy.over.outBadge")) : null,
        h("span.penalty", {}, t("rummy.over.points", { n: points })),
        seat === this.me && !result.void && seat !== result.out && view.hand?.length ? cardRow(sortCards(view.hand, "suit", null), { className: "left-in-hand" }) : null,
      ),
    );
    return h("div.rummy-result#hand-result", {}, h("p.how#hand-how", {}, how), h("ul.hand-points-list", { "aria-label": t("rummy.over.handPoints") }, seats));
  }

  /** The score sheet: a row a hand (penalty points), the totals; the lowest total marked. */
  scoreSheet(view, { caption = true } = {}) {
    const seats = [];
    for (let i = 0; i < view.players; i++) seats.push(i);
    const totals = view.totals || seats.map(() => 0);
    const results = view.results || [];
    const low = Math.min(...totals);
    const rows = results.map((r) =>
      h(
        `tr${r.void ? ".void" : ""}`,
        {},
        h("th", { scope: "row" }, r.void ? t("rummy.sheet.voidHand", { n: r.round }) : String(r.round)),
        seats.map((seat) => {
          const star = seat === r.out && r.rummy;
          return h(`td${seat === r.out ? ".went-out" : ""}`, { title: star ? t("rummy.over.rummyBadge") : null }, r.void ? "–" : String(r.points[seat]) + (star ? " ★" : ""));
        }),
      ),
    );
    const legend = results.some((r) => r.rummy) ? h("p.muted.sheet-legend", {}, t("rummy.sheet.rummyNote")) : null;
    const sheet = h(
      "table.score-sheet.rummy-sheet#rummy-sheet",
      {},
      caption ? h("caption", {}, t("rummy.sheet.title", { n: view.target })) : null,
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("rummy.sheet.hand")), seats.map((s) => h("th", { scope: "col" }, this.name(s))))),
      h("tbody", {}, rows.length ? rows : h("tr", {}, h("td.muted", { colspan: String(seats.length + 1) }, t("rummy.sheet.empty")))),
      h(
        "tfoot",
        {},
        h("tr", {}, h("th", { scope: "row" }, t("rummy.sheet.total")), totals.map((v) => h(`td${v === low && results.length ? ".leader" : ""}${v >= view.target ? ".bust" : ""}`, {}, String(v)))),
      ),
    );
    return legend ? h("div.rummy-sheet-wrap", {}, sheet, legend) : sheet;
  }

  // ---- dialogs and keys -------------------------------------------------------------------

  openDialog(kind) {
    this.dialog = kind;
    this.redraw();
    document.querySelector(".dialog .close")?.focus();
  }

  closeDialog() {
    const kind = this.dialog;
    this.dialog = null;
    this.redraw();
    document.querySelector(kind === "scores" ? "#show-scores" : "#show-help")?.focus();
  }

  dialogPanel(view) {
    const close = h("button.close", { type: "button", "aria-label": t("common.close"), "data-key": "dialog-close", onclick: () => this.closeDialog() }, "×");
    let title;
    let body;
    if (this.dialog === "scores") {
      title = t("rummy.sheet.title", { n: view.target });
      body = h("div.sheet-wrap", {}, this.scoreSheet(view, { caption: false }));
    } else {
      title = t("rummy.help.title");
      const keys = ["S", "D", "M", "L", "X", "H", "U", "R", "C", "N", "Esc", "?"];
      body = h(
        "div",
        {},
        h("p", {}, t("rummy.help.intro")),
        h("dl.keys", {}, keys.map((k) => [h("dt", {}, h("kbd", {}, k)), h("dd", {}, t(`rummy.help.key.${k}`))])),
        h("p", {}, t("rummy.hand.keys")),
        h("p", {}, t("rummy.help.mouse")),
      );
    }
    return h(
      "div.overlay.dialog-overlay",
      { onclick: (e) => { if (e.target === e.currentTarget) this.closeDialog(); } },
      h(`div.panel.dialog#dialog-${this.dialog}`, { role: "dialog", "aria-modal": "true", "aria-labelledby": "dialog-title" }, h("header", {}, h("h2#dialog-title", {}, title), close), body),
    );
  }

  /** A key for the table (the page hands them over); true when handled. */
  onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return false;
    if (event.key === "Escape") {
      if (this.dialog) {
        this.closeDialog();
        return true;
      }
      if (this.hint) {
        this.hint = false;
        this.redraw();
        return true;
      }
      return this.clearSelection();
    }
    if (!this.view) return false;
    const click = (sel) => {
      const el = document.querySelector(sel);
      if (el && !el.disabled) {
        el.click();
        return true;
      }
      return false;
    };
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const actions = {
      s: () => click("#stock"),
      d: () => click("#discard-pile"),
      m: () => {
        this.meld();
        return true;
      },
      x: () => {
        this.discard();
        return true;
      },
      l: () => this.focusLayoff(),
      h: () => click("#hint"),
      u: () => click("#sort-suit"),
      r: () => click("#sort-rank"),
      c: () => {
        if (this.dialog === "scores") this.closeDialog();
        else this.openDialog("scores");
        return true;
      },
      n: () => click("#next-round"),
      "?": () => {
        this.openDialog("help");
        return true;
      },
    }[key];
    return actions ? Boolean(actions()) : false;
  }

  /** L: lay the selected card off (on its one meld), or take the focus to the melds it fits. */
  focusLayoff() {
    const targets = this.myTurn() ? this.layoffTargets() : [];
    if (targets.length === 1) {
      this.layoff(targets[0]);
      return true;
    }
    if (targets.length > 1) {
      document.querySelector(`#table-meld-${targets[0]}`)?.focus();
      announce(t("rummy.hand.canLayoff", { melds: targets.join(", ") }));
      return true;
    }
    if (this.myTurn() && this.view.phase === "meld") toast(t("rummy.hand.pickLayoff"), 2500);
    return true;
  }
}

// The hand's interactions, kept in rummy-hand.js.
mixin(RummyBoard, RummyHandMethods);
