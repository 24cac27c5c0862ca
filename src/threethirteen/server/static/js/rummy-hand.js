// Rummy's hand (methods of rummy.js's RummyBoard): clicking a card to select it, keys to
// move the focus or a card, and dragging a card to reorder the hand or to drop it on the
// discard pile (discard) or on a meld (lay off).

import { cardLabel } from "./cards.js";
import { announce } from "./dom.js";
import { t } from "./i18n.js";

/** Where the player's choice of order for the hand is remembered (localStorage). */
export const SORT_KEY = "tt.rummy.sort";

/** The hand's interactions: methods of Rummy's board (rummy.js's RummyBoard), copied onto
 * it by rummy.js with mixin() (mixin.js); `this` is the board. Never constructed. */
export class RummyHandMethods {
  onCardClick(event, code) {
    if (this.suppressClick) {
      this.suppressClick = false;
      event.preventDefault();
      return;
    }
    this.toggle(code);
  }

  moveCard(from, to) {
    if (to < 0 || to >= this.order.length || from === to) return;
    const order = [...this.order];
    const [card] = order.splice(from, 1);
    order.splice(to, 0, card);
    this.order = order;
    if (this.sortMode !== "custom") {
      this.sortMode = "custom";
      try {
        localStorage.setItem(SORT_KEY, "custom");
      } catch {
        // kept for this page only
      }
    }
  }

  onCardKey(event, code) {
    const n = this.order.length;
    const i = this.order.indexOf(code);
    if (i < 0 || !n) return;
    let target = null;
    if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      const step = event.key === "ArrowLeft" ? -1 : 1;
      if (event.shiftKey || event.altKey) {
        event.preventDefault();
        event.stopPropagation();
        const to = Math.max(0, Math.min(n - 1, i + step));
        this.moveCard(i, to);
        this.focusCard = code;
        this.redraw();
        document.querySelector(`#hand [data-card="${code}"]`)?.focus();
        announce(t("rummy.hand.moved", { card: cardLabel(code, t), pos: to + 1, n }));
        return;
      }
      target = (i + step + n) % n;
    } else if (event.key === "Home") target = 0;
    else if (event.key === "End") target = n - 1;
    if (target === null) return;
    event.preventDefault();
    event.stopPropagation();
    const row = event.currentTarget.parentElement;
    for (const c of row.children) c.tabIndex = -1;
    const next = row.children[target];
    next.tabIndex = 0;
    next.focus();
    this.focusCard = this.order[target];
  }

  // ---- dragging: reorder the hand, or drop a card on the pile (discard) or a meld (lay off)

  onPointerDown(event, code) {
    if (event.button !== 0 || this.drag) return;
    const el = event.currentTarget;
    const index = this.order.indexOf(code);
    const drag = { el, row: el.parentElement, code, index, startX: event.clientX, startY: event.clientY, active: false, target: index, drop: null };
    drag.move = (e) => this.onPointerMove(e);
    drag.up = (e) => this.onPointerUp(e);
    this.drag = drag;
    // Tell the page a drag may start: it holds back redraws (snapshots, presence) until the
    // pointer is up, so that the card under the pointer stays the one in the hand.
    if (this.page) this.page.drag = { board: true };
    window.addEventListener("pointermove", drag.move);
    window.addEventListener("pointerup", drag.up);
    window.addEventListener("pointercancel", drag.up);
  }

  onPointerMove(event) {
    const d = this.drag;
    if (!d) return;
    const dx = event.clientX - d.startX;
    const dy = event.clientY - d.startY;
    if (!d.active) {
      if (Math.hypot(dx, dy) < 10) return;
      d.active = true;
      d.el.classList.add("dragging");
      d.centres = [...d.row.children].map((c) => {
        const r = c.getBoundingClientRect();
        return r.left + r.width / 2;
      });
      const rect = d.row.getBoundingClientRect();
      d.rowTop = rect.top - 40;
      d.rowBottom = rect.bottom + 40;
      // The places the card may be dropped on: the pile, and melds it may be laid off on.
      const discard = this.myTurn() && this.legal().has(`discard ${d.code}`);
      const targets = this.myTurn() ? (this.view.legal_actions || []).filter((a) => a.startsWith(`layoff ${d.code} on `)).map((a) => Number(a.split(" ")[3])) : [];
      d.drops = [];
      const pile = document.querySelector("#discard-pile");
      if (discard && pile) d.drops.push({ el: pile, action: `discard ${d.code}` });
      for (const n of targets) {
        const meld = document.querySelector(`#table-meld-${n}`);
        if (meld) d.drops.push({ el: meld, action: `layoff ${d.code} on ${n}` });
      }
      for (const drop of d.drops) drop.el.classList.add("drop-ok");
    }
    d.el.style.transform = `translate(${dx}px, ${dy}px)`;
    const x = event.clientX;
    const y = event.clientY;
    d.drop = null;
    for (const drop of d.drops) {
      const r = drop.el.getBoundingClientRect();
      const over = x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;
      drop.el.classList.toggle("drop-over", over);
      if (over) d.drop = drop;
    }
    const inRow = y >= d.rowTop && y <= d.rowBottom && !d.drop;
    let target = d.index;
    if (inRow) {
      target = 0;
      d.centres.forEach((c, i) => {
        if (i !== d.index && x > c) target = i < d.index ? i + 1 : i;
      });
      if (x > d.centres[d.index] && target < d.index) target = d.index;
      target = Math.max(0, Math.min(d.centres.length - 1, target));
    }
    d.target = target;
    [...d.row.children].forEach((c, i) => {
      c.classList.toggle("drop-before", inRow && i === target && target < d.index);
      c.classList.toggle("drop-after", inRow && i === target && target > d.index);
    });
  }

  onPointerUp() {
    const d = this.drag;
    this.endDrag();
    if (!d) return;
    if (!d.active) {
      // A plain click: its click event selects the card (and redraws); a snapshot held
      // back meanwhile is drawn after it.
      if (this.page?.deferredRender) setTimeout(() => this.page.deferredRender && !this.drag && this.redraw(), 0);
      return;
    }
    this.suppressClick = true;
    setTimeout(() => {
      this.suppressClick = false;
    }, 0);
    if (d.drop) {
      this.selected = [d.code];
      if (!this.act(d.drop.action)) this.redraw();
      return;
    }
    this.moveCard(d.index, d.target);
    this.focusCard = d.code;
    this.redraw();
  }

  endDrag() {
    const d = this.drag;
    this.drag = null;
    if (!d) return;
    if (this.page?.drag?.board) this.page.drag = null;
    window.removeEventListener("pointermove", d.move);
    window.removeEventListener("pointerup", d.up);
    window.removeEventListener("pointercancel", d.up);
    for (const drop of d.drops || []) drop.el.classList.remove("drop-ok", "drop-over");
  }
}
