#!/usr/bin/env node
// The pile engine of pile_engine.py, in JavaScript: the same plain policy, to show that an
// engine is any program that speaks the protocol (docs/engines.md). From the repository root:
//
//   threethirteen tournament --engine pile-js="node examples/engines/pile_engine.js" \
//       --bots pile-js,simple --matches 20 --seed 1
//
// Like the Python one it also plays Thirteen when the hello says "game": "thirteen":
//
//   threethirteen play --game thirteen --engine pile-js="node examples/engines/pile_engine.js" \
//       --bots pile-js
//
// It reads one JSON object a line on stdin and answers on stdout; with the bot option
// verbose (--bots pile-js:verbose=1,simple) it logs each decision on stderr.
"use strict";

const readline = require("readline");

const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const GAMES = ["three-thirteen", "thirteen"];

// "10H" -> "10", "QS" -> "Q", "JK" -> "JK" (a joker).
function rank(card) {
  return card === "JK" ? "JK" : card.slice(0, -1);
}

// How high a card is for throwing away: jokers never, then K down to A.
function height(card) {
  return card === "JK" ? -1 : RANKS.indexOf(rank(card));
}

// The action, in notation, for one decision: one of view.legal_actions.
function choose(view) {
  const legal = view.legal_actions;
  const wild = view.wild_rank;
  const hand = view.hand;
  const out = legal.find((action) => action.startsWith("out "));
  if (out !== undefined) return out;
  if (legal.includes("draw stock")) {
    const top = view.top_discard;
    const held = hand.map(rank);
    const wanted = top !== null && (top === "JK" || rank(top) === wild || held.includes(rank(top)));
    return legal.includes("draw discard") && wanted ? "draw discard" : "draw stock";
  }
  const counts = new Map();
  for (const card of hand) counts.set(rank(card), (counts.get(rank(card)) || 0) + 1);
  // Throw a lone card before a kept one, and the highest among them; ties go to the
  // first listed, as Python's max() does.
  const keep = (action) => {
    const card = action.split(" ")[1];
    const lone = card !== "JK" && rank(card) !== wild && (counts.get(rank(card)) || 0) < 2;
    return [lone ? 1 : 0, height(card)];
  };
  let best = null;
  for (const action of legal.filter((a) => a.startsWith("discard "))) {
    if (best === null) {
      best = action;
      continue;
    }
    const [a, b] = [keep(action), keep(best)];
    if (a[0] > b[0] || (a[0] === b[0] && a[1] > b[1])) best = action;
  }
  return best !== null ? best : legal[0];
}

// A Thirteen action: the first play of view.legal_actions (they are listed lowest first,
// after "pass"), or "pass" when there is no play.
function chooseThirteen(view) {
  const play = view.legal_actions.find((action) => action !== "pass");
  return play !== undefined ? play : "pass";
}

let verbose = false;
let game = "three-thirteen";
const input = readline.createInterface({ input: process.stdin });
input.on("line", (line) => {
  const message = JSON.parse(line);
  let reply;
  if (message.type === "hello") {
    verbose = Boolean(message.options && message.options.verbose);
    game = message.game || "three-thirteen"; // no game: Three-Thirteen
    reply = { type: "ready", protocol: 1, name: "pile engine 1.0 (JavaScript)", games: GAMES };
  } else if (message.type === "choose") {
    const action = game === "thirteen" ? chooseThirteen(message.view) : choose(message.view);
    if (verbose) process.stderr.write(`decision ${message.id}: ${action}\n`);
    reply = { type: "action", id: message.id, action: action };
  } else if (message.type === "quit") {
    input.close();
    return;
  } else {
    return; // a message this engine does not know: a newer lab; ignore it
  }
  process.stdout.write(JSON.stringify(reply) + "\n");
});
