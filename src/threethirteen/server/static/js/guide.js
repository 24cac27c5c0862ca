// The guided first round of Three-Thirteen: a coach panel on the table page that says,
// from the view alone, what to do now during round 1 of a solo match the player started
// with "Guide me through my first round" (js/home.js). It can be skipped for good; after
// round 1 it says goodbye once and stops.
//
// localStorage "tt.guide": {table: the guided table's id, over: that table's guide has
// ended, done: the player has finished or skipped a guided round once (the start page's
// checkbox is then unchecked by default)}.

import { cardShort } from "./cards.js";
import { h } from "./dom.js";
import { t } from "./i18n.js";
import { wildLabel } from "./render.js";

const GUIDE_KEY = "tt.guide";
const FOCUS = "guide-focus";

export function guideState() {
  try {
    return JSON.parse(localStorage.getItem(GUIDE_KEY)) || {};
  } catch {
    return {};
  }
}

function saveGuide(update) {
  localStorage.setItem(GUIDE_KEY, JSON.stringify({ ...guideState(), ...update }));
}

/** Whether the start page offers the guide checked: until one guided round was finished or skipped. */
export function guideWanted() {
  return !guideState().done;
}

/** Guide the first round of the solo table `tableId`. */
export function startGuide(tableId) {
  saveGuide({ table: tableId, over: false });
}

/** The guide of this table is over: skipped, or round 1 finished. */
function endGuide() {
  saveGuide({ over: true, done: true });
}

const cards = (codes) => codes.map(cardShort).join(" ");

/** The coach of one table page (js/table.js TablePage): `update(view)` after each redraw. */
export class Guide {
  constructor(page) {
    this.page = page;
    this.stopped = false;
    this.bye = false; // the goodbye is showing (round 2, until closed)
    this.signature = "";
    this.text = h("div.guide-text");
    this.buttons = h("div.guide-buttons");
    this.el = h(
      "section.guide#guide",
      { role: "status", "aria-live": "polite", "aria-labelledby": "guide-title" },
      h("h3.guide-title#guide-title", {}, t("guide.title")),
      this.text,
      this.buttons,
    );
  }

  /** Whether this page shows the guide now: the guided solo table, its guide not over. */
  active() {
    const { table } = this.page.snap || {};
    const state = guideState();
    return !this.stopped && table?.solo && this.page.mySeat !== null && state.table === this.page.tableId && (!state.over || this.bye);
  }

  /** Place and fill the panel for `view`, and highlight the control it talks about. */
  update(view) {
    if (!this.active() || !view) return;
    if (view.round > 1) {
      // Round 1 is over: say goodbye once (the guide ends now, a reload shows nothing).
      if (!this.bye) {
        this.bye = true;
        endGuide();
      }
      this.show([["guide-step", t("guide.bye")]], [], "close");
      this.page.main.querySelector(".area-centre")?.append(this.el);
      return;
    }
    const over = view.phase === "round-over" || view.phase === "match-over";
    if (over) {
      if (view.phase === "match-over") endGuide();
      this.show([["guide-step", t("guide.roundEnd")], ["guide-more", t(view.phase === "match-over" ? "guide.matchEnd" : "guide.next")]], ["#next-round"], "skip");
      const panel = this.page.main.querySelector("#round-over");
      panel?.insertBefore(this.el, panel.querySelector("#round-over-title")?.nextSibling ?? null);
      return;
    }
    const { lines, focus } = this.coach(view);
    this.show(lines, focus, "skip");
    this.page.main.querySelector(".area-centre")?.append(this.el);
  }

  /** What to say during play, and which controls to highlight. */
  coach(view) {
    const me = this.page.mySeat;
    const lines = [["guide-goal", t("guide.goal", { n: view.hand_size, wild: wildLabel(view.wild_rank) })]];
    const focus = [];
    const myTurn = view.current === me && (view.phase === "draw" || view.phase === "discard");
    const finalTurn = view.final_turn && view.out_seat !== null && view.out_seat !== undefined;
    if (!myTurn) {
      if (finalTurn && view.out_seat === me) lines.push(["guide-step", t("guide.youWentOut")]);
      else lines.push(["guide-step", t("guide.wait", { who: this.page.seatLabel(view.current) })]);
    } else {
      if (finalTurn) lines.push(["guide-final", t("guide.final", { who: this.page.seatLabel(view.out_seat) })]);
      const legal = view.legal_actions || [];
      if (view.phase === "draw") {
        const top = view.top_discard;
        lines.push(["guide-step", top && legal.includes("draw discard") ? t("guide.draw", { card: cardShort(top) }) : t("guide.drawStock")]);
        focus.push("#stock", "#discard-pile");
      } else if (legal.some((a) => a.startsWith("out "))) {
        lines.push(["guide-step", t(this.page.goOutMode ? "guide.outChoose" : "guide.out")]);
        focus.push("#go-out");
      } else {
        lines.push(["guide-step", t("guide.discard")]);
        focus.push("#hint");
      }
    }
    const meld = view.arrangement?.melds?.[0];
    if (meld && (meld.kind === "set" || meld.kind === "run")) {
      lines.push(["guide-melds", t(meld.kind === "set" ? "guide.haveSet" : "guide.haveRun", { cards: cards(meld.cards) })]);
    } else {
      lines.push(["guide-melds.general", t("guide.melds")]);
    }
    return { lines, focus };
  }

  /** Fill the panel (only when its words change: a live region re-read on every redraw
   * would be noise), and mark the controls in `focus`. */
  show(lines, focus, button) {
    const signature = JSON.stringify([lines, button]);
    if (signature !== this.signature) {
      this.signature = signature;
      this.text.replaceChildren(...lines.map(([cls, text]) => h(`p.${cls}`, {}, text)));
      const onclick = () => this.stop();
      this.buttons.replaceChildren(
        button === "close"
          ? h("button#guide-close", { type: "button", onclick }, t("common.close"))
          : h("button#guide-skip", { type: "button", onclick }, t("guide.skip")),
      );
    }
    for (const selector of focus) this.page.main.querySelector(selector)?.classList.add(FOCUS);
  }

  /** "Skip the guide" or the goodbye's "Close": the guide ends for good. */
  stop() {
    this.stopped = true;
    if (!this.bye) endGuide();
    for (const el of this.page.main.querySelectorAll(`.${FOCUS}`)) el.classList.remove(FOCUS);
    this.el.remove();
    const next = this.page.main.querySelector("#next-round:not([disabled])");
    if (next) next.focus();
    else this.page.focusHandCard?.();
  }
}
