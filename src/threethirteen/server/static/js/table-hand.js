// The player's hand on the table page (methods of table.js's TablePage): its order (sorted
// by suit, rank or melds, or the player's own order kept across snapshots) and what the
// player does with its cards: click to discard or go out, keys to move the focus or a
// card, drag to reorder.

import { cardLabel, sortCards } from "./cards.js";
import { announce, toast } from "./dom.js";
import { t } from "./i18n.js";

/** Where the player's choice of order for the hand is remembered (localStorage). */
export const SORT_KEY = "tt.sort";

/** The hand: methods of the table page (table.js's TablePage), copied onto it by
 * table.js with mixin() (mixin.js); `this` is the page. Never constructed. */
export class HandMethods {
  updateHandOrder(view) {
    const hand = view.hand || [];
    if (this.sortMode === "suit" || this.sortMode === "rank") {
      this.handOrder = sortCards(hand, this.sortMode, null);
      this.groups = null;
      return;
    }
    if (this.sortMode === "melds" && view.arrangement) {
      const arr = view.arrangement;
      const order = [];
      const groups = [];
      for (const meld of arr.melds || []) {
        groups.push({ kind: meld.kind, start: order.length, size: meld.cards.length });
        order.push(...meld.cards);
      }
      for (const [, cards] of arr.laid_off || []) {
        groups.push({ kind: "laid-off", start: order.length, size: cards.length });
        order.push(...cards);
      }
      const rest = sortCards(arr.unmelded || [], "suit", null);
      if (rest.length) groups.push({ kind: "unmelded", start: order.length, size: rest.length });
      order.push(...rest);
      if (sameMultiset(order, hand)) {
        this.handOrder = order;
        this.groups = groups;
        return;
      }
    }
    this.groups = null;
    this.handOrder = reconcile(this.handOrder, hand);
  }

  setSort(mode) {
    this.sortMode = mode;
    localStorage.setItem(SORT_KEY, mode);
    if (this.snap?.view) this.updateHandOrder(this.snap.view);
    this.render();
    announce(t(`sort.done.${mode}`));
  }

  onCardClick(event, code, legal) {
    if (this.suppressClick) {
      this.suppressClick = false;
      event.preventDefault();
      return;
    }
    const view = this.snap?.view;
    if (!view || this.pending) return;
    // A discard that would go out goes out: never a going out lost by a click.
    if (legal.has(`out ${code}`)) {
      this.act(`out ${code}`);
      return;
    }
    if (legal.has(`discard ${code}`)) {
      this.act(`discard ${code}`);
    } else if (view.current === this.mySeat && view.phase === "draw") {
      toast(t("hand.drawFirst"), 2000);
    }
  }

  goOut() {
    const outs = [...new Set(this.outCards())];
    if (!outs.length) return;
    if (this.goOutMode) {
      this.goOutMode = false;
    } else if (outs.length === 1) {
      this.act(`out ${outs[0]}`);
      return;
    } else {
      this.goOutMode = true;
      announce(t("turn.chooseOut"));
    }
    this.render();
  }

  moveCard(from, to) {
    if (to < 0 || to >= this.handOrder.length || from === to) return;
    const order = [...this.handOrder];
    const [card] = order.splice(from, 1);
    order.splice(to, 0, card);
    this.handOrder = order;
    this.groups = null;
    if (this.sortMode !== "custom") {
      this.sortMode = "custom";
      localStorage.setItem(SORT_KEY, "custom");
    }
  }

  onCardKey(event, i) {
    const n = this.handOrder.length;
    let target = null;
    if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      const step = event.key === "ArrowLeft" ? -1 : 1;
      if (event.shiftKey || event.altKey) {
        this.moveCard(i, i + step);
        this.focusIndex = Math.max(0, Math.min(n - 1, i + step));
        this.render();
        const el = this.main.querySelector(`#hand [data-index="${this.focusIndex}"]`);
        el?.focus();
        announce(t("hand.moved", { card: cardLabel(this.handOrder[this.focusIndex], t), pos: this.focusIndex + 1, n }));
        event.preventDefault();
        return;
      }
      target = (i + step + n) % n;
    } else if (event.key === "Home") target = 0;
    else if (event.key === "End") target = n - 1;
    if (target !== null) {
      event.preventDefault();
      const row = event.currentTarget.parentElement;
      for (const c of row.children) c.tabIndex = -1;
      row.children[target].tabIndex = 0;
      row.children[target].focus();
      this.focusIndex = target;
    }
  }

  // Drag to reorder, with pointer events (mouse, pen and touch alike).
  onPointerDown(event, index) {
    if (event.button !== 0) return;
    const el = event.currentTarget;
    const row = el.parentElement;
    this.drag = { el, row, index, startX: event.clientX, startY: event.clientY, active: false, target: index, pointerId: event.pointerId };
    const move = (e) => this.onPointerMove(e);
    const up = (e) => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      window.removeEventListener("pointercancel", up);
      this.onPointerUp(e);
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
    window.addEventListener("pointercancel", up);
  }

  onPointerMove(event) {
    const d = this.drag;
    if (!d) return;
    const dx = event.clientX - d.startX;
    if (!d.active) {
      if (Math.abs(dx) < 10) return;
      d.active = true;
      d.el.classList.add("dragging");
      d.centres = [...d.row.children].map((c) => {
        const r = c.getBoundingClientRect();
        return r.left + r.width / 2;
      });
    }
    d.el.style.transform = `translate(${dx}px, -12px)`;
    const x = event.clientX;
    let target = 0;
    d.centres.forEach((c, i) => {
      if (i !== d.index && x > c) target = i < d.index ? i + 1 : i;
    });
    if (x > d.centres[d.index] && target < d.index) target = d.index;
    d.target = Math.max(0, Math.min(d.centres.length - 1, target));
    [...d.row.children].forEach((c, i) => c.classList.toggle("drop-before", i === d.target && d.target !== d.index && d.target < d.index));
    [...d.row.children].forEach((c, i) => c.classList.toggle("drop-after", i === d.target && d.target !== d.index && d.target > d.index));
  }

  onPointerUp() {
    const d = this.drag;
    this.drag = null;
    if (!d) return;
    if (d.active) {
      this.suppressClick = true;
      setTimeout(() => {
        this.suppressClick = false;
      }, 0);
      this.moveCard(d.index, d.target);
      this.render();
      return;
    }
    // A plain click: let its click event reach the card before redrawing the hand.
    if (this.deferredRender) setTimeout(() => this.deferredRender && !this.drag && this.render(), 0);
  }
}

function multiset(codes) {
  const m = new Map();
  for (const c of codes) m.set(c, (m.get(c) || 0) + 1);
  return m;
}

function sameMultiset(a, b) {
  if (a.length !== b.length) return false;
  const m = multiset(a);
  for (const c of b) {
    const n = m.get(c) || 0;
    if (!n) return false;
    m.set(c, n - 1);
  }
  return true;
}

/** Keep the player's order for cards still held; new cards go to the end. */
function reconcile(previous, hand) {
  const left = multiset(hand);
  const out = [];
  for (const c of previous) {
    const n = left.get(c) || 0;
    if (n) {
      out.push(c);
      left.set(c, n - 1);
    }
  }
  for (const c of hand) {
    const n = left.get(c) || 0;
    if (n) {
      out.push(c);
      left.set(c, n - 1);
    }
  }
  return out;
}
