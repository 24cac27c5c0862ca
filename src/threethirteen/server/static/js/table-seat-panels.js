// The table page's panels about seats (methods of table.js's TablePage): the player's own
// rejoin link, the solo player's box to open the match to spectators, the notices of
// stand-ins and votes, and the announcements when a stand-in starts or ends.

import { announce, h, toast } from "./dom.js";
import { t } from "./i18n.js";
import { displayNames } from "./render.js";

/** The seat panels: methods of the table page (table.js's TablePage), copied onto it by
 * table.js with mixin() (mixin.js); `this` is the page. Never constructed. */
export class SeatPanelMethods {
  rejoinUrl() {
    return this.seat?.token ? `${location.origin}/t/${this.tableId}#rejoin=${encodeURIComponent(this.seat.token)}` : null;
  }

  /** The player's own rejoin link, to copy: it takes the seat on any device. */
  rejoinBox() {
    const url = this.rejoinUrl();
    if (!url || this.mySeat === null) return null;
    const input = h("input#rejoin-link", { type: "text", readonly: true, value: url, "aria-label": t("rejoin.label"), onfocus: (e) => e.target.select() });
    const copy = h("button#copy-rejoin", {
      type: "button",
      onclick: async () => {
        try {
          await navigator.clipboard.writeText(url);
          toast(t("rejoin.copied"));
        } catch {
          input.select();
        }
      },
    }, t("lobby.copy"));
    return h("div.rejoin#rejoin", {}, h("label", { for: "rejoin-link" }, t("rejoin.label")), h("div.row", {}, input, copy), h("p.muted", {}, t("rejoin.help")));
  }

  /** A solo match is private: its player may open it to spectators (and close it again). */
  watchBox() {
    const table = this.snap?.table;
    if (!table?.solo || table.status !== "playing" || this.mySeat !== table.seats.findIndex((s) => s.host)) return null;
    const open = Boolean(table.watchable);
    const link = `${location.origin}/t/${this.tableId}`;
    return h(
      "div.watch#watch",
      {},
      h("p", {}, t(open ? "watch.open" : "watch.private")),
      open ? h("div.row", {}, h("input#watch-link", { type: "text", readonly: true, value: link, "aria-label": t("watch.link"), onfocus: (e) => e.target.select() })) : null,
      h("button#watch-toggle", { type: "button", "aria-pressed": String(open), "data-key": "watch-toggle", onclick: () => this.send("spectators", { open: !open }) }, t(open ? "watch.close" : "watch.openButton")),
    );
  }

  /** The watch box in a panel that stays open across redraws once the player opened it. */
  watchPanel(box) {
    const summary = h("summary", {}, t(this.snap.table.watchable ? "watch.summaryOpen" : "watch.summary"));
    return h("details.panel.watch-panel", { open: Boolean(this.watchOpen), ontoggle: (e) => (this.watchOpen = e.target.open) }, summary, box);
  }

  /** What the table is told about stand-ins and votes: one line a seat, and the buttons. */
  notices() {
    const table = this.snap?.table;
    if (!table || table.status !== "playing") return null;
    const lines = [];
    for (const s of table.seats) {
      const reason = s.stand_in_reason;
      if (s.kind === "empty" && reason === "open") {
        lines.push(h("li.notice.open", { "data-seat": String(s.seat) }, t("standIn.open", { n: s.seat + 1 })));
      } else if (s.kind === "human" && reason) {
        const why = t(`standIn.why.${reason}`);
        if (s.seat === this.mySeat) {
          const back = s.returning
            ? h("span.muted", {}, " " + t("standIn.youReturning"))
            : h("button#take-back", { type: "button", "data-key": "take-back", onclick: () => this.send("back") }, t("standIn.back"));
          lines.push(h("li.notice.mine", { "data-seat": String(s.seat) }, t("standIn.you", { why }), " ", back));
        } else {
          const key = s.returning ? "standIn.returning" : "standIn.other";
          lines.push(h("li.notice", { "data-seat": String(s.seat) }, t(key, { name: this.nameOf(s.seat), why })));
        }
      } else if (s.kind === "human" && s.votes?.length) {
        const voters = table.seats.filter((o) => o.kind === "human" && o.connected && o.seat !== s.seat).length;
        lines.push(h("li.notice.vote", { "data-seat": String(s.seat) }, t("standIn.votes", { name: this.nameOf(s.seat), n: s.votes.length, of: voters })));
      }
    }
    return lines.length ? h("ul.notices#stand-in-notices", { role: "status", "aria-label": t("standIn.title") }, lines) : null;
  }

  /** Announce a stand-in that starts or ends (screen readers, and a toast for everyone). */
  announceStandIns(previous, msg) {
    const before = previous?.table?.seats;
    if (!before || msg.table.status !== "playing") return;
    const names = displayNames(msg.table.seats);
    for (const s of msg.table.seats) {
      const was = before[s.seat]?.stand_in_reason ?? null;
      const now = s.stand_in_reason ?? null;
      if (was === now || s.kind === "bot") continue;
      let text = null;
      if (now === "open") text = t("standIn.open", { n: s.seat + 1 });
      else if (now) text = s.seat === this.mySeat ? t("standIn.you", { why: t(`standIn.why.${now}`) }) : t("standIn.other", { name: names[s.seat], why: t(`standIn.why.${now}`) });
      else if (s.kind === "human") text = s.seat === this.mySeat ? t("standIn.youBack") : t("standIn.isBack", { name: names[s.seat] });
      if (text) {
        toast(text);
        announce(text);
      }
    }
  }
}
