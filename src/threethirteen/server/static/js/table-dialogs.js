// The table page's overlays and keys (methods of table.js's TablePage): the round-over
// panel (the reveal and the score sheet), the scores and keys dialogs, and the page's
// keyboard shortcuts.

import { h } from "./dom.js";
import { t } from "./i18n.js";
import { reveal, scoreSheet } from "./render.js";

/** The overlays and keys: methods of the table page (table.js's TablePage), copied onto
 * it by table.js with mixin() (mixin.js); `this` is the page. Never constructed. */
export class DialogMethods {
  roundOverPanel(view, table) {
    const names = table.seats.map((s, i) => (i === this.mySeat ? t("seat.you") : this.seatLabel(i)));
    const result = view.results?.[view.results.length - 1];
    const over = view.phase === "match-over";
    const mine = this.mySeat;
    const ready = (table.ready || []).includes(mine);
    const parts = [];
    if (over) {
      const winners = table.winners ?? winnersOf(view.scores.totals);
      const text = winners.length === 0 ? t("match.noWinner") : winners.includes(mine) ? (winners.length > 1 ? t("match.youShare") : t("match.youWon")) : t("match.won", { who: winners.map((w) => names[w]).join(", ") });
      parts.push(h("h2#round-over-title", {}, t("match.over")), h("p.winner#winner", {}, text));
    } else {
      parts.push(h("h2#round-over-title", {}, t("reveal.title", { n: view.round })));
      if (result?.out_seat !== null && result?.out_seat !== undefined) parts.push(h("p", {}, t("reveal.outBy", { who: names[result.out_seat] })));
    }
    if (result) parts.push(reveal(result, names, { mySeat: mine }));
    parts.push(h("div.sheet-wrap", {}, scoreSheet(view.scores, names, view.results)));
    const buttons = h("div.row.actions");
    if (!over && mine !== null) {
      buttons.append(h("button.primary.big#next-round", { type: "button", disabled: ready, "data-key": "next-round", "aria-keyshortcuts": "N", onclick: () => { this.focusHand = "ready"; this.send("ready"); } }, ready ? t("reveal.waitingOthers") : t("reveal.next")));
    }
    if (over) {
      buttons.append(h("a.button.primary#new-match", { href: "/", "data-nav": "" }, t("match.again")), h("a.button#to-history", { href: `/#/replay/${this.tableId}` }, t("match.replay")));
    }
    if (table.turn_deadline && !over) buttons.append(h("span.turn-timer.round-timer", { "aria-hidden": "true" }));
    parts.push(buttons);
    return h("div.overlay", {}, h("div.panel.round-over#round-over", { role: "dialog", "aria-modal": "false", "aria-labelledby": "round-over-title" }, parts));
  }

  openDialog(kind) {
    this.dialog = kind;
    this.render();
    this.main.querySelector(".dialog .close")?.focus();
  }

  closeDialog() {
    const kind = this.dialog;
    this.dialog = null;
    this.render();
    this.main.querySelector(kind === "scores" ? "#show-scores" : "#show-help")?.focus();
  }

  dialogPanel(view, table) {
    const names = table.seats.map((s, i) => (i === this.mySeat ? t("seat.you") : this.seatLabel(i)));
    const close = h("button.close", { type: "button", "aria-label": t("common.close"), "data-key": "dialog-close", onclick: () => this.closeDialog() }, "×");
    let body;
    let title;
    if (this.dialog === "scores") {
      title = t("sheet.title");
      body = scoreSheet(view.scores, names, view.results, { caption: false });
    } else {
      title = t("help.title");
      const keys = ["S", "D", "G", "J", "A", "U", "R", "H", "C", "N", "?"];
      body = h(
        "div",
        {},
        h("p", {}, t("help.intro")),
        h("dl.keys", {}, keys.map((k) => [h("dt", {}, h("kbd", {}, k)), h("dd", {}, t(k === "J" ? "feel.key.J" : `help.key.${k}`))])),
        h("p", {}, t("hand.keys")),
      );
    }
    return h(
      "div.overlay.dialog-overlay",
      { onclick: (e) => { if (e.target === e.currentTarget) this.closeDialog(); } },
      h(`div.panel.dialog#dialog-${this.dialog}`, { role: "dialog", "aria-modal": "true", "aria-labelledby": "dialog-title" }, h("header", {}, h("h2#dialog-title", {}, title), close), body),
    );
  }

  /** Keys for the whole page (the router hands them over). */
  onKey(event) {
    const dialog = this.main.querySelector(".dialog");
    if (event.key === "Tab" && dialog) {
      // Keep the focus inside the open dialog.
      const items = [...dialog.querySelectorAll("button, a[href], input, select, [tabindex='0']")].filter((e) => !e.disabled);
      if (items.length) {
        const first = items[0];
        const last = items[items.length - 1];
        if (!dialog.contains(document.activeElement)) {
          event.preventDefault();
          first.focus();
        } else if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }
      return;
    }
    if (this.gameName() !== "three-thirteen") {
      // The board's own keys (and its dialogs' Escape).
      if (this.board?.onKey?.(event)) event.preventDefault();
      return;
    }
    if (event.key === "Escape") {
      if (this.dialog) this.closeDialog();
      else if (this.goOutMode) {
        this.goOutMode = false;
        this.render();
      }
      return;
    }
    const view = this.snap?.view;
    if (!view) return;
    const click = (sel) => {
      const el = this.main.querySelector(sel);
      if (el && !el.disabled) {
        el.click();
        return true;
      }
      return false;
    };
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    const handled = {
      s: () => click("#stock"),
      d: () => click("#discard-pile"),
      g: () => click("#go-out"),
      a: () => click("#sort-melds"),
      u: () => click("#sort-suit"),
      r: () => click("#sort-rank"),
      h: () => click("#hint"),
      c: () => (this.dialog === "scores" ? this.closeDialog() : this.openDialog("scores")),
      n: () => click("#next-round"),
      j: () => !this.dialog && this.focusHandCard(),
      "?": () => this.openDialog("help"),
    }[key];
    if (handled) {
      event.preventDefault();
      handled();
    }
  }
}

function winnersOf(totals) {
  const low = Math.min(...totals);
  return totals.map((v, i) => (v === low ? i : -1)).filter((i) => i >= 0);
}
