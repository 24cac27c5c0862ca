// The boards of the games other than Three-Thirteen (whose table is table.js itself).
//
// A board module exports `createBoard(page)`, returning an object with:
//   game                      the game's registry name ("thirteen", "rummy")
//   render(view, table)       the element that shows the match (a div.game), built afresh
//                             on every snapshot; the page appends it and adds the shared
//                             notices, the rejoin link and the open-seat join form
//   onSnapshot(previous, msg) optional: a new snapshot arrived (announce what changed)
//   onKey(event)              optional: a key for the table; returns true when handled
//   destroy()                 optional: the page is closing
// The page (table.js's TablePage) offers the board: act(notation), send(type, fields),
// mySeat, snap, pending, seatLabel(seat), nameOf(seat), seatFlags(seat, current),
// render(), joinForm(), tick() (turn timers: any element with the class .turn-timer).
// While the board drags a card it sets page.drag (anything truthy; null when done, then
// calls page.render()): the page holds back its redraws meanwhile, as for its own drags.
// Each module is loaded when a table of its game is first shown.

const MODULES = {
  thirteen: "./thirteen.js",
  rummy: "./rummy.js",
};

/** The board of `game` for `page`; rejects for a game this app cannot show. */
export async function loadBoard(game, page) {
  const path = MODULES[game];
  if (!path) throw new Error(`this app cannot show the game ${JSON.stringify(game).slice(0, 40)}`);
  const module = await import(path);
  return module.createBoard(page);
}

/** The games a board module can show (Three-Thirteen's table is table.js). */
export const BOARD_GAMES = Object.keys(MODULES);
