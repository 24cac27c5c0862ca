// The table page: /t/<id>. Lobby (seats, invite link, bots, start), the game itself,
// the round-end reveal and the score sheet. The server is authoritative: we only send
// actions it listed in view.legal_actions.
//
// TablePage is one class whose methods live in several modules by what they hold: this
// file (the connection, the derived facts, the game's drawing), table-lobby.js (the lobby),
// table-seat-panels.js (rejoin link, watch box, stand-in notices), table-hand.js (the
// hand's order and its click, key and drag handling) and table-dialogs.js (the round-over
// panel, the dialogs, the page's keys); mixin() at the end of this file joins them.

import { api, ApiError, forgetSeat, loadSeat, saveSeat, TableConnection } from "./api.js";
import { cardElement, cardLabel, cardShort, isWild } from "./cards.js";
import { announce, clear, h, toast } from "./dom.js";
import { t } from "./i18n.js";
import { loadBoard } from "./boards.js";
import { fly, notifyOn, notifyTurn, playSound, setNotify, setSound, soundOn } from "./feel.js";
import { backs, botMoveKey, byBot, cardRow, describeEvent, displayNames, errorText, markBotMoves, seating, wildLabel } from "./render.js";
import { Guide } from "./guide.js";
import { mixin } from "./mixin.js";
import { LobbyMethods, translated } from "./table-lobby.js";
import { SeatPanelMethods } from "./table-seat-panels.js";
import { HandMethods, SORT_KEY } from "./table-hand.js";
import { DialogMethods } from "./table-dialogs.js";

const BOT_SPEEDS = ["slow", "normal", "fast"];

/** The card a hint moves ("discard 7H", "out 7H"), or null for a draw. */
function hintCard(hint) {
  const match = /^(?:discard|out) (\S+)$/.exec(hint?.action ?? "");
  return match ? match[1] : null;
}

/** A hint's reason in the page's language: its key, cards shown with suit symbols. */
function hintText(hint) {
  const params = {};
  for (const [name, value] of Object.entries(hint.params || {})) {
    params[name] = name === "card" || name === "wild" || name === "meld" ? String(value).split(" ").map(cardShort).join(" ") : value;
  }
  const text = t(hint.key, params);
  return text === hint.key ? hint.text : text;
}

export class TablePage {
  constructor(main, tableId, { navigate }) {
    this.main = main;
    this.tableId = tableId;
    this.navigate = navigate;
    this.seat = loadSeat(tableId);
    this.snap = null;
    this.conn = null;
    this.sortMode = localStorage.getItem(SORT_KEY) || "suit";
    this.handOrder = [];
    this.goOutMode = false;
    this.hint = false;
    this.pending = false;
    this.dialog = null; // "scores" | "help" | null
    this.logSeen = { round: null, length: 0 };
    this.drag = null;
    this.deferredRender = false;
    this.timer = setInterval(() => this.tick(), 250);
    this.connStatus = "connecting";
    this.board = null; // the board of a game other than Three-Thirteen (boards.js)
    this.onResize = () => this.fitHand();
    window.addEventListener("resize", this.onResize);
    // A redraw between a button's pointerdown and its pointerup would replace the button
    // and lose the click: redraws wait while a pointer is down (a second at most).
    this.pressedAt = 0;
    this.onPress = () => (this.pressedAt = Date.now());
    this.onRelease = () => {
      this.pressedAt = 0;
      if (this.deferredRender) setTimeout(() => this.deferredRender && !this.holding() && this.render(), 0);
    };
    main.addEventListener("pointerdown", this.onPress, true);
    window.addEventListener("pointerup", this.onRelease, true);
    window.addEventListener("pointercancel", this.onRelease, true);
    this.start();
  }

  /** Whether redraws wait: a drag, or a pointer pressed less than a second ago. */
  holding() {
    return Boolean(this.drag) || (this.pressedAt > 0 && Date.now() - this.pressedAt < 1000);
  }

  destroy() {
    this.main.removeEventListener("pointerdown", this.onPress, true);
    window.removeEventListener("pointerup", this.onRelease, true);
    window.removeEventListener("pointercancel", this.onRelease, true);
    clearInterval(this.timer);
    document.title = t("app.title");
    this.board?.destroy?.();
    window.removeEventListener("resize", this.onResize);
    this.conn?.close();
  }

  // ---- connection ------------------------------------------------------------------------

  start() {
    clear(this.main);
    this.main.append(h("p.loading", {}, t("common.loading")));
    const rejoin = new URLSearchParams(location.hash.slice(1)).get("rejoin");
    if (rejoin) {
      // A seat's rejoin link (/t/<id>#rejoin=<token>), opened on any device: claim the seat.
      history.replaceState(null, "", location.pathname + location.search);
      this.claim(rejoin);
      return;
    }
    this.connect();
  }

  async claim(token) {
    try {
      const answer = await api("POST", `/api/tables/${this.tableId}/rejoin`, { token });
      this.seat = { seat: answer.seat, token: answer.token, name: answer.name };
      saveSeat(this.tableId, this.seat);
      toast(t("rejoin.welcome", { name: answer.name }));
    } catch (err) {
      toast(err instanceof ApiError && err.status === 403 ? t("rejoin.invalid") : err instanceof ApiError ? errorText(err) : String(err.message || err));
    }
    this.connect();
  }

  connect() {
    this.conn?.close();
    this.conn = new TableConnection(this.tableId, this.seat?.token ?? null, {
      onSnapshot: (msg) => this.onSnapshot(msg),
      onPresence: (msg) => this.onPresence(msg),
      onError: (msg) => this.onServerError(msg),
      onStatus: (status, detail) => this.onStatus(status, detail),
    });
  }

  onStatus(status, detail) {
    this.connStatus = status;
    if (status === "rejected") {
      if (detail === 4404 || detail === 4409) {
        clear(this.main);
        const title = t(detail === 4404 ? "table.notFound" : "table.private");
        this.main.append(h("div.panel.notice#table-closed", {}, h("h2", {}, title), h("p", {}, h("a", { href: "/", "data-nav": "" }, t("nav.home")))));
        return;
      }
      // A bad token: forget it and come back as a visitor.
      forgetSeat(this.tableId);
      this.seat = null;
      toast(t("table.badToken"));
      this.connect();
      return;
    }
    const banner = this.main.querySelector(".conn-banner");
    if (banner) banner.hidden = status === "open";
  }

  onServerError(msg) {
    this.pending = false;
    if (["bad-token", "no-such-table", "private-table"].includes(msg.code)) return; // the close follows
    const text = errorText(msg);
    toast(text);
    announce(text);
    this.render();
  }

  onSnapshot(msg) {
    const previous = this.snap;
    if (typeof msg.server_time === "number") msg.clockSkew = Date.now() / 1000 - msg.server_time;
    this.snap = msg;
    this.pending = false;
    if (msg.you?.seat !== null && msg.you?.seat !== undefined && this.seat) this.seat.seat = msg.you.seat;
    const view = msg.view;
    if (view && this.gameName() !== "three-thirteen") {
      this.board?.onSnapshot?.(previous, msg);
    } else if (view) {
      if (!(view.legal_actions || []).some((a) => a.startsWith("out "))) this.goOutMode = false;
      if (previous?.view?.round !== view.round || previous?.view?.phase !== view.phase) this.hint = false;
      this.updateHandOrder(view);
      this.announceNews(previous, msg);
    }
    this.announceStandIns(previous, msg);
    const news = view && this.gameName() === "three-thirteen" ? this.feelNews(previous, msg) : null;
    if (this.holding()) {
      this.deferredRender = true;
    } else {
      this.render();
    }
    if (news) this.feel(news);
  }

  /** What a snapshot brings to see and hear: the new draws and discards (every seat's),
   * whether the player's turn began, whether the round ended. */
  feelNews(previous, msg) {
    const view = msg.view;
    const before = previous?.view;
    if (!before) return null;
    const log = view.log || [];
    const moves = before.round === view.round ? log.slice((before.log || []).length) : [];
    const over = (p) => p === "round-over" || p === "match-over";
    const mine = (v) => this.mySeat !== null && v?.current === this.mySeat && (v.phase === "draw" || v.phase === "discard");
    return {
      moves: moves.filter((e) => ["draw-stock", "draw-discard", "discard", "go-out"].includes(e.kind)),
      turn: mine(view) && !mine(before),
      roundOver: over(view.phase) && !over(before.phase),
    };
  }

  /** Cards fly, sounds play, a hidden tab is told: after the snapshot is drawn. */
  feel(news) {
    const seatEl = (seat) => (seat === this.mySeat ? this.main.querySelector("#hand") : this.main.querySelector(`.felt .seat[data-seat="${seat}"]`));
    let sound = null;
    for (const e of news.moves) {
      const what = { seat: e.seat, kind: e.kind };
      if (e.kind === "draw-stock") fly(this.main.querySelector("#stock"), seatEl(e.seat), { what });
      else if (e.kind === "draw-discard") fly(this.main.querySelector("#discard-pile"), seatEl(e.seat), { code: e.card, what });
      else fly(seatEl(e.seat), this.main.querySelector("#discard-pile"), { code: e.card, what });
      sound = e.kind.startsWith("draw") ? "draw" : "discard";
    }
    if (news.roundOver) sound = "round";
    if (sound) playSound(sound);
    if (news.turn && !news.roundOver) {
      setTimeout(() => playSound("turn"), sound ? 180 : 0);
      notifyTurn(t("feel.title", { title: t("app.title") }), t("feel.notifyBody"));
    }
  }

  /** Who is connected changed (no new version): update the seats and spectators shown. */
  onPresence(msg) {
    const table = this.snap?.table;
    if (!table) return;
    for (const entry of msg.seats || []) {
      const seat = table.seats[entry.seat];
      if (seat?.kind !== "human") continue;
      seat.connected = entry.connected;
      seat.away = entry.away;
    }
    table.spectators = msg.spectators;
    table.turn_deadline = msg.turn_deadline;
    if (typeof msg.server_time === "number") {
      this.snap.server_time = msg.server_time;
      this.snap.clockSkew = Date.now() / 1000 - msg.server_time;
    }
    if (this.holding()) {
      this.deferredRender = true;
      return;
    }
    this.render();
  }

  send(type, fields = {}) {
    if (this.pending && type === "action") return;
    if (!this.conn?.send(type, fields)) {
      toast(t("table.offline"));
      return;
    }
    if (type === "action") {
      this.pending = true;
      this.main.querySelector(".game")?.classList.add("pending");
    }
  }

  act(action) {
    const view = this.snap?.view;
    if (!view || !(view.legal_actions || []).includes(action)) return false;
    this.send("action", { action });
    this.focusHand = action.startsWith("draw") ? "draw" : "discard";
    return true;
  }

  // ---- derived facts -----------------------------------------------------------------------

  /** The game the table plays (the table object's ``game``; older servers: Three-Thirteen). */
  gameName() {
    return this.snap?.table?.game || "three-thirteen";
  }

  /** A game other than Three-Thirteen: its board (boards.js) draws the match; the page keeps
   * the connection, the seats' notices, the rejoin link and the open-seat join form. */
  renderBoard() {
    const { table, view } = this.snap;
    const name = this.gameName();
    if (!this.board || this.board.game !== name) {
      this.main.append(h("p.loading", {}, t("common.loading")));
      if (this.boardLoading !== name) {
        this.boardLoading = name;
        loadBoard(name, this)
          .then((board) => {
            this.board = board;
            this.boardLoading = null;
            board.onSnapshot?.(null, this.snap);
            this.render();
          })
          .catch((err) => {
            this.boardLoading = null;
            clear(this.main);
            this.main.append(h("p.error", { role: "alert" }, String(err)));
          });
      }
      return;
    }
    const game = this.board.render(view, table);
    this.main.append(game);
    const notices = this.notices();
    if (notices) game.prepend(notices);
    if (this.mySeat === null && table.status === "playing" && table.seats.some((s) => s.kind === "empty")) {
      this.main.append(h("section.panel.join-open", {}, h("p", {}, t("standIn.canJoin")), this.joinForm(false)));
    }
    const rejoin = this.rejoinBox();
    if (rejoin) this.main.append(h("details.panel.rejoin-panel", {}, h("summary", {}, t("rejoin.summary")), rejoin));
    const watch = this.watchBox();
    if (watch) this.main.append(this.watchPanel(watch));
  }

  /** The badges and buttons every game's seat shows: a stand-in, away or offline, an open
   * seat, and the vote (host: hand over) and reopen buttons. ``current``: the seat is to act. */
  seatFlags(seat, current) {
    const table = this.snap.table;
    const s = table.seats[seat] || {};
    const flags = [];
    if (s.kind === "bot" && s.stand_in) flags.push(h("span.badge.stand-in", {}, t(s.stand_in_reason === "busy" ? "seat.standInBusy" : "seat.standIn")));
    if (s.kind === "human" && s.stand_in) flags.push(h("span.badge.stand-in.human-stand-in", {}, t("seat.botPlays")));
    else if (s.kind === "human" && s.away) flags.push(h("span.badge.away", {}, t("seat.away")));
    else if (s.kind === "human" && !s.connected) flags.push(h("span.badge.offline", {}, t("seat.offline")));
    if (s.kind === "empty" && table.status === "playing") flags.push(h("span.badge.stand-in.open-seat", {}, t("seat.open")));
    const me = this.mySeat;
    if (me !== null && seat !== me && table.status === "playing") {
      const host = Boolean(this.snap?.you?.host);
      if (s.kind === "human" && !s.stand_in && (!s.connected || current)) {
        const voted = (s.votes || []).includes(me);
        flags.push(h("button.small.stand-in-button", { type: "button", disabled: voted, "data-key": `stand-in-${seat}`, onclick: () => this.send("stand_in", { seat }) }, t(host ? "standIn.hand" : voted ? "standIn.voted" : "standIn.vote")));
      }
      if (host && s.kind === "human" && !s.connected) {
        flags.push(h("button.small.reopen-seat", { type: "button", "data-key": `reopen-${seat}`, onclick: () => this.send("clear_seat", { seat }) }, t("standIn.reopen")));
      }
    }
    return flags;
  }

  get mySeat() {
    const s = this.snap?.you?.seat;
    return s === null || s === undefined ? null : s;
  }

  /** Every seat's one display name (render.js displayNames), "You" not put in. */
  names() {
    return displayNames(this.snap?.table?.seats);
  }

  /** A seat's name as the page says it: "You" for the player's own seat. */
  nameOf(seat) {
    if (seat === this.mySeat) return t("seat.you");
    return this.names()[seat] ?? t("seat.empty");
  }

  positionName(seat) {
    const view = this.snap?.view;
    if (!view || this.mySeat === null) return null;
    const place = seating(view.players, this.mySeat).find((p) => p.seat === seat);
    return place?.position ? t(`pos.${place.position}`) : null;
  }

  /** A seat's label wherever the page names it (seats, log, reveal, boards): its one
   * display name, "You" for the player's own seat. Left/Top/Right is a seat's sub-line. */
  seatLabel(seat) {
    return this.nameOf(seat);
  }

  /** Who made a log event's move: "Ada (played by the bot)" when a bot played it for a
   * person (a stand-in, a turn timer: see render.js markBotMoves). */
  actorName(seat, index, round) {
    const name = this.seatLabel(seat);
    return this.botMoves?.has(botMoveKey(round, index)) ? byBot(name) : name;
  }

  /** Remember the new log events (from index `start`) that a bot made for a person
   * (render.js markBotMoves). */
  markBotMoves(previous, msg, log, start) {
    this.botMoves ??= new Set();
    markBotMoves(this.botMoves, previous, msg, log, start);
  }

  outCards() {
    const actions = this.snap?.view?.legal_actions || [];
    return actions.filter((a) => a.startsWith("out ")).map((a) => a.slice(4));
  }

  announceNews(previous, msg) {
    const view = msg.view;
    const log = view.log || [];
    let start = 0;
    if (this.logSeen.round === view.round) start = this.logSeen.length;
    const said = [];
    if (previous && this.logSeen.round !== null) {
      this.markBotMoves(previous, msg, log, start);
      log.forEach((event, index) => {
        if (index < start || (event.seat === this.mySeat && !this.botMoves.has(botMoveKey(view.round, index)))) return;
        said.push(describeEvent(event, (s) => this.actorName(s, index, view.round)));
      });
      if (previous.view?.phase !== view.phase && (view.phase === "round-over" || view.phase === "match-over")) {
        said.push(t(view.phase === "round-over" ? "table.roundOver" : "table.matchOver", { n: view.round }));
      } else if (view.current === this.mySeat && previous.view?.current !== view.current && view.phase === "draw") {
        said.push(t("turn.yoursDraw"));
      }
    }
    this.logSeen = { round: view.round, length: log.length };
    if (said.length) announce(said.join(". "));
  }

  // ---- rendering ---------------------------------------------------------------------------

  render() {
    this.deferredRender = false;
    const focusKey = document.activeElement?.dataset?.key;
    const inDialog = Boolean(document.activeElement?.closest?.(".dialog"));
    const snap = this.snap;
    if (!snap) return;
    // A snapshot arrives whenever anyone joins, connects or acts: what this player was
    // typing or choosing (a name to join with, a bot level) must survive the redraw.
    const typed = this.typedInputs();
    clear(this.main);
    const banner = h("div.conn-banner", { role: "status", hidden: this.connStatus === "open" }, t("table.reconnecting"));
    this.main.append(banner);
    if (snap.table.status === "lobby" || !snap.view) this.renderLobby();
    else if (this.gameName() !== "three-thirteen") this.renderBoard();
    else this.renderGame();
    this.fitHand();
    this.tick();
    this.restoreInputs(typed);
    if (focusKey) {
      const again = this.main.querySelector(`[data-key="${CSS.escape(focusKey)}"]`);
      if (again && !again.disabled) {
        again.focus({ preventScroll: true });
        const caret = typed.get(focusKey);
        if (caret && caret.start !== null && again.setSelectionRange) again.setSelectionRange(caret.start, caret.end);
      }
    }
    // A redraw while the keys or scores dialog is open keeps the focus in it.
    if (inDialog && !this.main.querySelector(".dialog")?.contains(document.activeElement)) {
      this.main.querySelector(".dialog .close")?.focus({ preventScroll: true });
    }
    this.updateTitle();
    this.restoreHandFocus();
    // When a round ends, the reveal takes the focus once (keyboard players press Enter).
    const phase = snap.view?.phase;
    const over = phase === "round-over" || phase === "match-over";
    const key = over ? `${snap.view.round}:${phase}` : null;
    if (over && this.revealFocused !== key && !this.dialog) {
      this.revealFocused = key;
      const target = ["#next-round:not([disabled])", "#new-match", "#round-over-title"].map((sel) => this.main.querySelector(sel)).find(Boolean);
      if (target) {
        if (target.id === "round-over-title") target.tabIndex = -1;
        target.focus({ preventScroll: false });
      }
    }
  }

  /** The tab's title says when it is the player's turn. */
  updateTitle() {
    if (this.gameName() !== "three-thirteen") return;
    const view = this.snap?.view;
    const mine = this.snap?.table?.status === "playing" && this.mySeat !== null && view?.current === this.mySeat && (view.phase === "draw" || view.phase === "discard");
    document.title = mine ? t("feel.title", { title: t("app.title") }) : t("app.title");
  }

  /** After the player's draw, discard or "Next round", the focus goes back to the hand
   * (the drawn card after a draw) once the server has taken it, unless it moved elsewhere. */
  restoreHandFocus() {
    const wanted = this.focusHand;
    const view = this.snap?.view;
    if (!wanted || !view || this.pending || this.dialog) return;
    if (view.phase === "round-over" || view.phase === "match-over") {
      if (wanted !== "ready" || view.phase === "match-over") this.focusHand = null;
      return;
    }
    this.focusHand = null;
    const active = document.activeElement;
    if (active && active !== document.body && !active.closest?.("#hand")) return;
    this.focusHandCard(wanted === "draw");
  }

  /** Put the focus on the hand: its drawn card (``fresh``) or its roving card. */
  focusHandCard(fresh = false) {
    const row = this.main.querySelector("#hand");
    if (!row || !row.children.length) return false;
    const card = (fresh && row.querySelector(".card.new")) || row.querySelector('.card[tabindex="0"]') || row.children[0];
    for (const c of row.children) c.tabIndex = c === card ? 0 : -1;
    this.focusIndex = Number(card.dataset.index || 0);
    card.focus({ preventScroll: true });
    return true;
  }

  /** The values of the page's editable fields (those with a data-key), by key. */
  typedInputs() {
    const kept = new Map();
    for (const el of this.main.querySelectorAll("input[data-key], select[data-key]")) {
      if (el.readOnly) continue;
      const caret = el.tagName === "INPUT" && el.type === "text";
      kept.set(el.dataset.key, { value: el.value, start: caret ? el.selectionStart : null, end: caret ? el.selectionEnd : null });
    }
    return kept;
  }

  /** Put back what typedInputs() kept, into the redrawn fields of the same key. */
  restoreInputs(kept) {
    for (const [key, { value }] of kept) {
      const el = this.main.querySelector(`[data-key="${CSS.escape(key)}"]`);
      if (!el || (el.tagName !== "INPUT" && el.tagName !== "SELECT")) continue;
      if (el.tagName === "SELECT" && ![...el.options].some((o) => o.value === value)) continue;
      el.value = value;
    }
  }

  /** Overlap the hand's cards just enough to fit the width (a phone shows 13 cards too). */
  fitHand() {
    const row = this.main.querySelector("#hand");
    if (!row || row.children.length < 2) return;
    const n = row.children.length;
    const cw = row.children[0].getBoundingClientRect().width;
    const groups = row.querySelectorAll(".group-start:not(:first-child)").length;
    const avail = row.parentElement.clientWidth - 20 - groups * 14;
    const gap = Math.min(6, (avail - n * cw) / (n - 1));
    row.style.setProperty("--overlap", `${Math.floor(gap)}px`);
  }

  renderGame() {
    const { table, view } = this.snap;
    const me = this.mySeat;
    const bottom = me ?? 0;
    const players = view.players;
    const places = seating(players, bottom);
    const myTurn = me !== null && view.current === me && (view.phase === "draw" || view.phase === "discard");
    const legal = new Set(view.legal_actions || []);
    const game = h(`div.game.phase-${view.phase}${myTurn ? ".my-turn" : ""}${this.pending ? ".pending" : ""}`, { "data-phase": view.phase });
    game.append(h("h1.sr-only#table-title", {}, t("feel.h1", { title: t("app.title"), n: view.round, of: view.rounds })));

    // info bar
    const info = h(
      "div.infobar",
      {},
      h("span.round-info#round-info", {}, t("table.round", { n: view.round, of: view.rounds })),
      h("span.cards-info", {}, t("table.cards", { n: view.hand_size })),
      h("span.wild-info#wild-info", {}, t("table.wild", { wild: wildLabel(view.wild_rank) })),
      view.multiplier > 1 ? h("span.badge.double", {}, t("table.double", { n: view.multiplier })) : null,
      view.contract ? h("span.contract", {}, t("table.contract", { c: view.contract })) : null,
      h("span.rules-name", {}, translated("preset", table.rules.name)),
      me === null ? h("span.badge.watching", {}, t("table.watching", { n: table.spectators || 1 })) : null,
      h("span.spacer"),
      this.soundToggle(),
      h("button#show-scores", { type: "button", "aria-haspopup": "dialog", "aria-keyshortcuts": "C", "data-key": "scores", onclick: () => this.openDialog("scores") }, t("table.scores")),
      h("button#show-help", { type: "button", "aria-haspopup": "dialog", "aria-keyshortcuts": "?", "data-key": "help", onclick: () => this.openDialog("help") }, t("table.help")),
    );
    game.append(info);

    const felt = h(`div.felt.players-${players}`, {}, h("h2.sr-only", {}, t("feel.h2.seats")));
    const tops = [];
    for (const place of places) {
      const node = this.seatBox(place.seat, place.position, view, table);
      if (place.area === "top") tops.push(node);
      else felt.append(h(`div.area.area-${place.area}`, {}, node));
    }
    felt.append(h("div.area.area-top", {}, tops));

    // centre: status, piles, the out player's melds
    const centre = h("div.area.area-centre", {}, h("h2.sr-only", {}, t("feel.h2.centre")));
    centre.append(this.statusLine(view, myTurn));
    const stockEnabled = legal.has("draw stock") && !this.pending;
    const discardEnabled = legal.has("draw discard") && !this.pending;
    const hintMove = this.hint && myTurn ? view.hint?.action : null;
    const stock = h(
      `button.pile.stock#stock${stockEnabled ? ".can" : ""}${hintMove === "draw stock" ? ".hinted" : ""}`,
      {
        type: "button",
        disabled: !stockEnabled,
        "aria-label": t("table.stockLabel", { n: view.stock_size }),
        "aria-keyshortcuts": "S",
        "data-key": "stock",
        onclick: () => this.act("draw stock"),
      },
      view.stock_size > 0 ? cardElement("back", { t, label: "" }) : h("div.empty-pile"),
      h("span.pile-count", { "aria-hidden": "true" }, String(view.stock_size)),
    );
    const pile = view.discard_pile || [];
    const top = view.top_discard ?? pile[pile.length - 1] ?? null;
    const under = pile.slice(-3, -1);
    const discard = h(
      `button.pile.discard#discard-pile${discardEnabled ? ".can" : ""}${hintMove === "draw discard" ? ".hinted" : ""}`,
      {
        type: "button",
        disabled: !discardEnabled,
        "aria-label": top ? t("table.discardLabel", { card: cardLabel(top, t) + (isWild(top, view.wild_rank) ? `, ${t("card.wild")}` : "") }) : t("table.discardEmpty"),
        "aria-keyshortcuts": "D",
        "data-key": "discard",
        "data-top": top || "",
        onclick: () => this.act("draw discard"),
      },
      h("div.pile-stack", {}, under.map((c, i) => cardElement(c, { t, extraClass: `under under-${under.length - i}` })), top ? cardElement(top, { t, wild: isWild(top, view.wild_rank), extraClass: "top" }) : h("div.empty-pile")),
    );
    centre.append(h("div.piles", {}, h("div.pile-slot", {}, stock, h("span.pile-label", {}, t("table.stock"))), h("div.pile-slot", {}, discard, h("span.pile-label", {}, t("table.discard")))));
    const recent = (view.log || []).slice(-3);
    if (recent.length) {
      const first = (view.log || []).length - recent.length;
      centre.append(
        h("ol.recent#recent-moves", { "aria-hidden": "true" }, recent.map((e, i) => h("li", {}, describeEvent(e, (seat) => this.actorName(seat, first + i, view.round))))),
      );
    }
    if (view.table_melds?.length) {
      centre.append(
        h(
          "div.table-melds",
          { role: "group", "aria-label": t("table.tableMelds", { who: this.seatLabel(view.out_seat) }) },
          h("span.label", {}, t("table.tableMelds", { who: this.seatLabel(view.out_seat) })),
          view.table_melds.map((m) => cardRow(m.cards || m, { wildRank: view.wild_rank })),
        ),
      );
    }
    this.besidePiles(centre);
    felt.append(centre);

    // me
    felt.append(h("div.area.area-me", {}, h("h2.sr-only", {}, t(me === null ? "feel.h2.seat" : "feel.h2.hand")), me === null ? this.seatBox(0, null, view, table) : this.myArea(view, myTurn, legal)));
    game.append(felt);
    this.main.append(game);

    const notices = this.notices();
    if (notices) game.insertBefore(notices, felt);
    if (me === null && table.status === "playing" && table.seats.some((s) => s.kind === "empty")) {
      this.main.append(h("section.panel.join-open", {}, h("p", {}, t("standIn.canJoin")), this.joinForm(false)));
    }
    const rejoin = this.rejoinBox();
    if (rejoin) this.main.append(h("details.panel.rejoin-panel", {}, h("summary", {}, t("rejoin.summary")), rejoin));
    const watch = this.watchBox();
    if (watch) this.main.append(this.watchPanel(watch));
    this.main.append(this.feelPanel(table));
    if (view.phase === "round-over" || view.phase === "match-over") this.main.append(this.roundOverPanel(view, table));
    if (this.dialog) this.main.append(this.dialogPanel(view, table));
    // The guided first round (js/guide.js): its coach panel, placed in what was just drawn.
    (this.guide ??= new Guide(this)).update(view);
  }

  seatBox(seat, position, view, table) {
    const s = table.seats[seat] || {};
    const count = view.hand_sizes[seat];
    const total = view.scores?.totals?.[seat] ?? 0;
    const current = view.current === seat && (view.phase === "draw" || view.phase === "discard");
    const pos = position ? t(`pos.${position}`) : null;
    // One name everywhere ("Bot 1 (Medium)", "Ada"); where the seat sits is its sub-line.
    const title = this.seatLabel(seat);
    const sub = [];
    if (pos) sub.push(pos);
    if (seat === view.dealer) sub.push(t("seat.dealer"));
    const flags = [];
    if (view.out_seat === seat) flags.push(h("span.badge.out-badge", {}, t("seat.wentOut")));
    flags.push(...this.seatFlags(seat, current));
    const label = t("seat.label", { name: title, n: count, points: total }) + (current ? `, ${t("seat.toPlay")}` : "") + (seat === view.dealer ? `, ${t("seat.dealer")}` : "");
    return h(
      `section.seat${current ? ".current" : ""}${view.out_seat === seat ? ".out" : ""}`,
      { "aria-label": label, "data-seat": String(seat), "aria-current": current ? "true" : null },
      h("div.seat-head", {}, h("span.seat-title", {}, title), sub.length ? h("span.seat-sub", {}, sub.join(" · ")) : null, ...flags),
      h("div.seat-body", {}, backs(count), h("span.seat-count", { "aria-hidden": "true" }, t("seat.cards", { n: count }))),
      h("div.seat-score", { "aria-hidden": "true" }, t("seat.points", { n: total })),
    );
  }

  /** In a final turn, the warning, the recent moves and the out player's melds go beside
   * the piles rather than below them: the hand stays on the screen (1280x800, 390x844). */
  besidePiles(centre) {
    const warning = centre.querySelector("#final-warning");
    const melds = centre.querySelector(".table-melds");
    if (!warning && !melds) return;
    const side = h("div.centre-side");
    for (const el of [warning, centre.querySelector("#recent-moves"), melds]) if (el) side.append(el);
    centre.classList.add("with-side");
    centre.append(side);
  }

  /** Sounds on or off (the choice is remembered). */
  soundToggle() {
    const on = soundOn();
    return h(
      "button.sound-toggle#sound-toggle",
      { type: "button", "aria-pressed": String(on), "aria-label": t("feel.sound"), title: t(on ? "feel.soundOn" : "feel.soundOff"), "data-key": "sound", onclick: () => { setSound(!soundOn()); this.render(); } },
      h("span", { "aria-hidden": "true" }, "\u266A"),
    );
  }

  /** The table's settings: a notification when it is the player's turn in a hidden tab,
   * and (the player of a solo match) how fast the bots play. */
  feelPanel(table) {
    const notify = h("input#notify-toggle", {
      type: "checkbox",
      "data-key": "notify",
      checked: notifyOn(),
      onchange: async (e) => {
        const on = await setNotify(e.target.checked);
        if (e.target.checked && !on) toast(t("feel.notifyDenied"));
        this.render();
      },
    });
    const parts = [h("label.feel-row", { for: "notify-toggle" }, notify, " ", t("feel.notify"))];
    if (table.solo && this.mySeat !== null && this.mySeat === table.seats.findIndex((s) => s.host)) {
      const current = table.bot_speed || "normal";
      const speed = h(
        "select#bot-speed",
        { "data-key": "bot-speed", onchange: (e) => this.send("bot_speed", { speed: e.target.value }) },
        BOT_SPEEDS.map((v) => h("option", { value: v, selected: v === current }, t(`feel.speed.${v}`))),
      );
      parts.push(h("div.feel-row", {}, h("label", { for: "bot-speed" }, t("feel.botSpeed")), " ", speed));
    }
    const summary = h("summary", {}, t("feel.settings"));
    return h("details.panel.feel-panel#table-settings", { open: Boolean(this.feelOpen), ontoggle: (e) => (this.feelOpen = e.target.open) }, summary, ...parts);
  }

  statusLine(view, myTurn) {
    let text;
    if (view.phase === "round-over") text = t("turn.roundOver", { n: view.round });
    else if (view.phase === "match-over") text = t("turn.matchOver");
    else if (myTurn && this.goOutMode) text = t("turn.chooseOut");
    else if (myTurn) text = t(view.phase === "draw" ? "turn.yoursDraw" : "turn.yoursDiscard");
    else text = t("turn.waiting", { who: this.seatLabel(view.current) });
    const parts = [h("span.turn-text#turn-text", {}, text)];
    if (view.final_turn && view.out_seat !== null && (view.phase === "draw" || view.phase === "discard")) {
      parts.push(h("span.final-warning#final-warning", { role: "alert" }, view.out_seat === this.mySeat ? t("turn.finalOthers") : t("turn.final", { who: this.seatLabel(view.out_seat) })));
    }
    parts.push(h("span.turn-timer#turn-timer", { hidden: true, "aria-hidden": "true" }));
    return h(`div.status${myTurn ? ".mine" : ""}`, { role: "status" }, parts);
  }

  myArea(view, myTurn, legal) {
    const me = this.mySeat;
    const total = view.scores?.totals?.[me] ?? 0;
    const outs = this.outCards();
    const canOut = myTurn && view.phase === "discard" && outs.length > 0 && !this.pending;
    const controls = h(
      "div.controls",
      { role: "toolbar", "aria-label": t("hand.controls") },
      h("div.sort-group", { role: "group", "aria-label": t("hand.sortGroup") },
        ["suit", "rank", "melds"].map((mode) =>
          h(`button.sort#sort-${mode}`, { type: "button", "aria-pressed": String(this.sortMode === mode), "data-key": `sort-${mode}`, "aria-keyshortcuts": { suit: "U", rank: "R", melds: "A" }[mode], onclick: () => this.setSort(mode) }, t(`sort.${mode}`)),
        ),
      ),
      myTurn && view.hint
        ? h("button#hint", { type: "button", "aria-pressed": String(this.hint), "data-key": "hint", "aria-keyshortcuts": "H", onclick: () => { this.hint = !this.hint; this.render(); } }, t("hand.hint"))
        : null,
      canOut
        ? h("button.go-out#go-out", { type: "button", "data-key": "go-out", "aria-keyshortcuts": "G", onclick: () => this.goOut() }, this.goOutMode ? t("hand.cancelOut") : t("hand.goOut"))
        : null,
    );
    const arrangement = view.arrangement;
    const deadwood = arrangement ? h("span.deadwood#deadwood", {}, t("hand.deadwood", { n: arrangement.deadwood })) : null;
    const head = h(
      `div.me-head${myTurn ? ".current" : ""}`,
      {},
      h("span.seat-title", {}, t("seat.you")),
      this.snap.you?.name && this.snap.you.name !== "You" ? h("span.seat-sub", {}, this.snap.you.name) : null,
      me === view.dealer ? h("span.seat-sub", {}, t("seat.dealer")) : null,
      view.out_seat === me ? h("span.badge.out-badge", {}, t("seat.wentOut")) : null,
      h("span.seat-score", {}, t("seat.points", { n: total })),
      deadwood,
    );
    const reason = this.hint && myTurn && view.hint ? h("p.hint-reason#hint-reason", { role: "status" }, hintText(view.hint)) : null;
    return h("section.me", { "aria-label": t("hand.area") }, head, controls, reason, this.handRow(view, myTurn, legal));
  }

  handRow(view, myTurn, legal) {
    const order = this.handOrder;
    const outs = new Set(this.goOutMode ? this.outCards() : []);
    const row = h("div.hand#hand", { role: "group", "aria-label": t("hand.label", { n: order.length }), "data-count": String(order.length) });
    let drawnMarked = false;
    const groupStarts = new Map((this.groups || []).map((g) => [g.start, g]));
    const canDiscard = myTurn && view.phase === "discard" && !this.pending;
    const hinted = this.hint && myTurn ? hintCard(view.hint) : null;
    order.forEach((code, i) => {
      const wild = isWild(code, view.wild_rank);
      const isNew = !drawnMarked && view.drawn && code === view.drawn && view.phase === "discard" && view.current === this.mySeat;
      if (isNew) drawnMarked = true;
      const group = groupStarts.get(i);
      const classes = [];
      if (isNew) classes.push("new");
      if (group) classes.push("group-start", `group-${group.kind}`);
      const inGroup = (this.groups || []).find((g) => i >= g.start && i < g.start + g.size);
      if (inGroup) classes.push(`in-${inGroup.kind}`);
      if (this.goOutMode && outs.has(code)) classes.push("out-choice");
      if (hinted && code === hinted) classes.push("hinted");
      if (canDiscard) classes.push("playable");
      const extra = [];
      if (isNew) extra.push(t("hand.new"));
      if (hinted && code === hinted) extra.push(t("hand.hinted"));
      if (inGroup) extra.push(t(`hand.group.${inGroup.kind}`));
      const base = cardLabel(code, t) + (wild ? `, ${t("card.wild")}` : "");
      const label = [base, ...extra].join(", ");
      const el = cardElement(code, { t, interactive: true, wild, label, extraClass: classes.join(" ") });
      el.dataset.index = String(i);
      el.dataset.key = `hand-${i}`;
      el.tabIndex = -1;
      el.setAttribute("aria-describedby", "hand-help");
      el.addEventListener("click", (event) => this.onCardClick(event, code, legal));
      el.addEventListener("keydown", (event) => this.onCardKey(event, i));
      el.addEventListener("pointerdown", (event) => this.onPointerDown(event, i));
      row.append(el);
    });
    // Roving tab index: one card in the tab order.
    const focusIndex = Math.min(this.focusIndex ?? 0, order.length - 1);
    if (row.children[focusIndex]) row.children[focusIndex].tabIndex = 0;
    const help = h("p.sr-only#hand-help", {}, t("hand.keys"));
    return h("div.hand-wrap", {}, row, help);
  }

  tick() {
    const table = this.snap?.table;
    const timers = this.main.querySelectorAll(".turn-timer");
    if (!timers.length) return;
    const deadline = table?.turn_deadline;
    for (const el of timers) {
      if (!deadline) {
        el.hidden = true;
        continue;
      }
      // clockSkew: how far the browser's clock runs ahead of the server's.
      const left = Math.max(0, Math.ceil(deadline - Date.now() / 1000 + (this.snap.clockSkew || 0)));
      el.hidden = false;
      el.textContent = t("turn.timer", { n: left });
      el.classList.toggle("urgent", left <= 10);
    }
  }
}

// The methods kept in the modules named at the top of this file.
mixin(TablePage, LobbyMethods, SeatPanelMethods, HandMethods, DialogMethods);

export { cardShort };
