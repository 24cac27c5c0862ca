// Pieces shared by the table and the replay viewer: seats around the table, the score
// sheet, the round-end reveal, card rows.

import { cardElement, cardLabel, isWild, parseCard } from "./cards.js";
import { h } from "./dom.js";
import { language, t } from "./i18n.js";

/** Where each opponent sits, seen from `mySeat`: [{seat, area, position}], clockwise. */
export function seating(players, mySeat) {
  const others = [];
  for (let i = 1; i < players; i++) others.push((mySeat + i) % players);
  if (others.length === 1) return [{ seat: others[0], area: "top", position: "top" }];
  if (others.length === 2) {
    return [
      { seat: others[0], area: "left", position: "left" },
      { seat: others[1], area: "right", position: "right" },
    ];
  }
  return others.map((seat, i) => {
    if (i === 0) return { seat, area: "left", position: "left" };
    if (i === others.length - 1) return { seat, area: "right", position: "right" };
    return { seat, area: "top", position: others.length === 3 ? "top" : null };
  });
}

/** The level a bot seat plays at, in the page's language, as a name's part ("medium",
 * "średni"); an engine or a bot named otherwise by its own name. */
export function botLevel(s) {
  const name = s?.name || s?.bot || "";
  if (s?.engine) return name;
  const key = `difficulty.${name}`;
  const text = t(key);
  return text === key ? name : text.toLocaleLowerCase(language());
}

/**
 * The one display name of every seat, used on every screen (table, log, reveal, score
 * sheet, lobby, History, replays): `seats` are the table object's seats ({kind, name, bot,
 * engine}). A person is their name, told apart from another of the same name by the seat
 * ("Ada (2)"); a bot is "Bot 1 (Medium)", numbered in seat order so that no two bots share
 * a name; an empty seat is "empty seat". The page's own "You" is the caller's business.
 */
export function displayNames(seats) {
  const list = seats || [];
  let bots = 0;
  return list.map((s, i) => {
    if (!s || s.kind === "empty") return t("seat.empty");
    if (s.kind === "bot") {
      bots += 1;
      return t("names.bot", { n: bots, level: botLevel(s) });
    }
    const name = s.name || t("names.seat", { n: i + 1 });
    const same = list.filter((o) => o?.kind === "human" && o.name === s.name).length;
    return same > 1 ? t("names.same", { name, n: i + 1 }) : name;
  });
}

/** The seats of a finished match for displayNames: the record's `names` and, where the
 * server sent them, the `seats` kinds ({kind, bot}); without kinds every seat is a person. */
export function recordSeats(names, kinds = null) {
  return (names || []).map((name, i) => {
    const k = kinds?.[i];
    return { seat: i, kind: k?.kind === "bot" ? "bot" : "human", name, bot: k?.bot ?? null };
  });
}

/** A seat's display name (see displayNames); `names` given: that list's entry. */
export function seatName(table, seat, names = null) {
  if (names) return names[seat] ?? `#${seat + 1}`;
  return displayNames(table?.seats)[seat] ?? t("seat.empty");
}

/** "Ada (played by the bot)": a move a bot made for a person (a stand-in, a turn timer). */
export function byBot(name) {
  return t("names.byBot", { name });
}

/** The key under which markBotMoves files a log event: its round and its index in that
 * round's log (a round's log starts again at 0). */
export function botMoveKey(round, index) {
  return `${round}:${index}`;
}

/**
 * Add to `set` (see botMoveKey) the new events of a snapshot's log that a bot made for a
 * person: the seat is a person's with a stand-in now or in `previous`, or the turn timer
 * had run out on the seat that was to act. `previous`, `msg`: the snapshot before and the
 * new one (table.js: `clockSkew` set from `server_time`); `log`: `msg.view.log`; `start`:
 * the index of its first event not yet seen. The set is returned.
 */
export function markBotMoves(set, previous, msg, log, start) {
  const seats = msg.table?.seats || [];
  const before = previous?.table?.seats || [];
  const deadline = previous?.table?.turn_deadline;
  const now = Date.now() / 1000 - (msg.clockSkew || 0);
  // Half a second's slack: the server plays the timer's move as the deadline comes, and
  // its snapshot may reach a page whose clock estimate runs a little behind.
  const timedOut = Boolean(deadline) && now >= deadline - 0.5;
  (log || []).forEach((event, index) => {
    if (index < start) return;
    const s = seats[event.seat];
    // A bot's own seat, or an open one, is named a bot already.
    if (s?.kind !== "human") return;
    const standIn = Boolean(s.stand_in || before[event.seat]?.stand_in);
    const timer = timedOut && previous?.view?.current === event.seat;
    if (standIn || timer) set.add(botMoveKey(msg.view.round, index));
  });
  return set;
}

/** A refusal from the server in the page's language: the text of `error.<code>`, with
 * what was sent quoted; the server's English message only for a code the catalogs lack.
 * `err`: a websocket error ({code, message, input}) or an HTTP error body or ApiError
 * ({error|code, message, input}). */
export function errorText(err) {
  const code = err?.code ?? err?.error ?? "";
  const key = `error.${code}`;
  const text = t(key);
  if (!code || text === key) return err?.message || String(code || err);
  const input = err?.input;
  if (input === null || input === undefined || input === "") return text;
  const quoted = typeof input === "string" ? input : JSON.stringify(input);
  return t("error.quoting", { text, input: quoted });
}

/** A row of small cards (a meld, a revealed hand). */
export function cardRow(codes, { wildRank = null, className = "", small = true } = {}) {
  return h(
    `div.card-row${small ? ".small" : ""}${className ? "." + className : ""}`,
    {},
    codes.map((code) => cardElement(code, { t, wild: isWild(code, wildRank) })),
  );
}

/** A row of face-down cards standing for `count` cards in an opponent's hand. */
export function backs(count, max = 13) {
  const row = h("div.backs", { "aria-hidden": "true" });
  for (let i = 0; i < Math.min(count, max); i++) row.append(cardElement("back", { t }));
  return row;
}

/** The score sheet: one row per round, a totals row; the lowest total marked. */
export function scoreSheet(scores, names, results = [], { caption = true } = {}) {
  const totals = scores?.totals || names.map(() => 0);
  const low = Math.min(...totals);
  const rows = (scores?.rows || []).map((row, i) => {
    const result = results[i];
    const label = result ? t("sheet.roundWild", { n: i + 1, wild: wildLabel(result.wild_rank) }) : String(i + 1);
    return h(
      "tr",
      {},
      h("th", { scope: "row" }, label),
      row.map((v, seat) => h(`td${result && result.out_seat === seat ? ".went-out" : ""}`, {}, String(v))),
    );
  });
  return h(
    "table.score-sheet",
    {},
    caption ? h("caption", {}, t("sheet.title")) : null,
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("sheet.round")), names.map((n) => h("th", { scope: "col" }, n)))),
    h("tbody", {}, rows.length ? rows : h("tr", {}, h("td.muted", { colspan: String(names.length + 1) }, t("sheet.empty")))),
    h(
      "tfoot",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "row" }, t("sheet.total")),
        totals.map((v) => h(`td${v === low && rows.length ? ".leader" : ""}`, {}, String(v))),
      ),
    ),
  );
}

export function wildLabel(rank) {
  if (!rank) return "";
  const key = `wild.${rank}`;
  return t(key) !== key ? t(key) : rank;
}

/** The reveal of one finished round: every hand with its melds and its penalty. */
export function reveal(result, names, { mySeat = null } = {}) {
  const seats = result.hands.map((hand, seat) => {
    const arr = result.arrangements?.[seat] || { melds: [], unmelded: hand, deadwood: null };
    const groups = [];
    for (const meld of arr.melds || []) {
      const cards = meld.cards || meld;
      groups.push(
        h(
          "div.meld",
          { role: "group", "aria-label": t(meld.kind === "run" ? "meld.run" : meld.kind === "set" ? "meld.set" : "meld.meld") + ": " + cards.map((c) => cardLabel(c, t)).join(", ") },
          cardRow(cards, { wildRank: result.wild_rank }),
        ),
      );
    }
    for (const [index, cards] of arr.laid_off || []) {
      groups.push(
        h("div.meld.laid-off", { role: "group", "aria-label": t("meld.laidOff", { n: index + 1 }) + ": " + cards.map((c) => cardLabel(c, t)).join(", ") }, cardRow(cards, { wildRank: result.wild_rank })),
      );
    }
    if ((arr.unmelded || []).length) {
      groups.push(
        h(
          "div.meld.deadwood",
          { role: "group", "aria-label": t("meld.unmelded") + ": " + arr.unmelded.map((c) => cardLabel(c, t)).join(", ") },
          cardRow(arr.unmelded, { wildRank: result.wild_rank }),
        ),
      );
    }
    const penalty = result.penalties[seat];
    return h(
      `section.reveal-seat${seat === result.out_seat ? ".out" : ""}${seat === mySeat ? ".mine" : ""}`,
      { "aria-label": t("reveal.seatLabel", { name: names[seat], points: penalty }) },
      h(
        "header",
        {},
        h("span.name", {}, names[seat]),
        seat === result.out_seat ? h("span.badge.out-badge", {}, t("reveal.wentOut")) : null,
        h("span.penalty", {}, t("reveal.points", { n: penalty })),
      ),
      h("div.melds", {}, groups),
    );
  });
  const ending = result.ending && result.ending !== "out" ? h("p.ending", {}, t(`ending.${result.ending}`)) : null;
  return h("div.reveal", {}, ending, seats);
}

export function describeEvent(event, nameOf) {
  const who = nameOf(event.seat);
  const card = event.card ? cardLabel(event.card, t) : "";
  switch (event.kind) {
    case "draw-stock":
      return t("log.drawStock", { who });
    case "draw-discard":
      return t("log.drawDiscard", { who, card });
    case "discard":
      return t("log.discard", { who, card });
    case "go-out":
      return t("log.goOut", { who, card });
    case "reshuffle":
      return t("log.reshuffle", { who, n: event.count });
    default:
      return `${who}: ${event.kind}`;
  }
}

export function isRed(code) {
  const c = parseCard(code);
  return c.suit === "H" || c.suit === "D";
}
