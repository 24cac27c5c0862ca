// The table page's lobby (methods of table.js's TablePage): the seats before the match,
// the invite link, the bots the host adds, the rules line, the start button and the
// form to join an open seat (also shown during a match with an open seat).

import { api, ApiError, saveSeat } from "./api.js";
import { h, toast } from "./dom.js";
import { t } from "./i18n.js";
import { displayNames, errorText } from "./render.js";
import { houseLabel, presetLabel } from "./home.js";

/** The catalog's name for a preset or difficulty, else the name itself. */
export function translated(kind, name) {
  const key = `${kind}.${name}`;
  const text = t(key);
  return text === key ? name : text;
}

/** The lobby: methods of the table page (table.js's TablePage), copied onto it by
 * table.js with mixin() (mixin.js); `this` is the page. Never constructed. */
export class LobbyMethods {
  inviteUrl() {
    return `${location.origin}/t/${this.tableId}`;
  }

  renderLobby() {
    const { table, you } = this.snap;
    const host = Boolean(you?.host);
    const seated = you?.seat !== null && you?.seat !== undefined;
    const engines = (window.ttOptions?.engines || []).map((e) => e.name);
    const difficulties = [...(window.ttOptions?.difficulties || []).filter((d) => d.available).map((d) => d.name), ...engines];
    const botLabel = (d) => (engines.includes(d) ? t("difficulty.engine", { name: d }) : translated("difficulty", d));
    const invite = h("input#invite-link", { type: "text", readonly: true, value: this.inviteUrl(), "aria-label": t("lobby.invite"), onfocus: (e) => e.target.select() });
    const copy = h("button#copy-invite", {
      type: "button",
      onclick: async () => {
        try {
          await navigator.clipboard.writeText(this.inviteUrl());
          toast(t("lobby.copied"));
        } catch {
          invite.select();
        }
      },
    }, t("lobby.copy"));
    const names = displayNames(table.seats);
    const seats = table.seats.map((s) => {
      const label = names[s.seat];
      const kind = s.kind === "bot" ? t("lobby.bot") : s.kind === "human" ? t(s.connected ? "lobby.online" : "lobby.offline") : "";
      const controls = [];
      if (host && s.kind === "empty") {
        const pick = h("select", { "aria-label": t("lobby.botFor", { n: s.seat + 1 }), "data-key": `bot-select-${s.seat}` }, (difficulties.length ? difficulties : ["easy"]).map((d) => h("option", { value: d, selected: d === "medium" }, botLabel(d))));
        controls.push(pick, h("button.add-bot", { type: "button", "data-key": `add-bot-${s.seat}`, onclick: () => this.send("add_bot", { seat: s.seat, bot: pick.value }) }, t("lobby.addBot")));
      }
      if (host && s.kind !== "empty" && s.seat !== you.seat) {
        controls.push(h("button.clear-seat", { type: "button", "data-key": `clear-${s.seat}`, onclick: () => this.send("clear_seat", { seat: s.seat }) }, t("lobby.remove")));
      }
      return h(
        `li.lobby-seat.${s.kind}${s.seat === you?.seat ? ".mine" : ""}`,
        { "data-seat": String(s.seat) },
        h("span.seat-no", {}, `${s.seat + 1}.`),
        h("span.seat-name", {}, label),
        s.host ? h("span.badge", {}, t("lobby.host")) : null,
        s.seat === you?.seat ? h("span.badge.you", {}, t("seat.you")) : null,
        h("span.muted", {}, kind),
        h("span.seat-controls", {}, controls),
      );
    });
    const full = table.seats.every((s) => s.kind !== "empty");
    const parts = [
      h("h2", {}, t("lobby.title", { id: table.id })),
      h("p.rules-summary#rules-summary", {}, this.rulesLine(table)),
      table.turn_seconds ? h("p.muted", {}, t("lobby.timer", { n: table.turn_seconds })) : null,
      h("div.invite", {}, h("label", { for: "invite-link" }, t("lobby.invite")), h("div.row", {}, invite, copy)),
      this.rejoinBox(),
      h("ol.lobby-seats", { "aria-label": t("lobby.seats") }, seats),
      table.spectators ? h("p.muted", {}, t("lobby.spectators", { n: table.spectators })) : null,
    ];
    if (host) {
      parts.push(h("button.primary.big#start-match", { type: "button", disabled: !full, "data-key": "start", onclick: () => this.send("start") }, t("lobby.start")));
      if (!full) parts.push(h("p.muted", {}, t("lobby.fillSeats")));
    } else if (seated) {
      parts.push(h("p.waiting", {}, t("lobby.waitHost")));
    } else {
      parts.push(this.joinForm(full));
    }
    this.main.append(h("h1.sr-only#table-title", {}, t("app.title")));
    this.main.append(h("section.panel.lobby", { "aria-label": t("lobby.title", { id: table.id }) }, parts));
  }

  /** The rules in the page's language: the preset's name, the rounds and hand sizes, the
   * house rules (not the server's English summary). */
  rulesLine(table) {
    const rules = table.rules || {};
    const game = this.gameName();
    const parts = [presetLabel(game, rules.preset || rules.name || "")];
    const sizes = rules.options?.hand_sizes;
    if (Array.isArray(sizes) && sizes.length) {
      parts.push(t("rulesLine.cards", { n: sizes.length, from: sizes[0], to: sizes[sizes.length - 1] }));
    }
    const house = (rules.house || []).map((name) => houseLabel(game, name));
    if (house.length) parts.push(house.join(", "));
    return parts.join(" · ");
  }

  joinForm(full) {
    if (full) return h("p.muted", {}, t("lobby.full"));
    const name = h("input#join-name", { type: "text", "data-key": "join-name", required: true, maxlength: "24", autocomplete: "nickname", value: localStorage.getItem("tt.name") || "" });
    const form = h(
      "form.join#join-form",
      {},
      h("label", { for: "join-name" }, t("lobby.yourName")),
      h("div.row", {}, name, h("button.primary#join-button", { type: "submit" }, t("lobby.join"))),
    );
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const value = name.value.trim();
      if (!value) return;
      try {
        const answer = await api("POST", `/api/tables/${this.tableId}/join`, { name: value });
        localStorage.setItem("tt.name", value);
        this.seat = { ...answer, name: value };
        saveSeat(this.tableId, this.seat);
        this.connect();
      } catch (err) {
        toast(err instanceof ApiError ? errorText(err) : String(err));
      }
    });
    return form;
  }
}
