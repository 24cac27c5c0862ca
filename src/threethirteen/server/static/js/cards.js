// Cards: parsing the project's notation, sorting, and drawing faces as SVG.
// Every face is drawn here (paths, no fonts for the suit symbols, no third-party art).

export const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
export const SUITS = ["S", "H", "D", "C"]; // the project's sort order: spades, hearts, diamonds, clubs
const SUIT_GLYPH = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };
const RED = "#c0182c";
const BLACK = "#1b1b1f";

/** Parse "10H", "JK", "qs" into {rank, suit, joker, code}. */
export function parseCard(text) {
  const code = String(text).trim().toUpperCase();
  if (code === "JK" || code === "*" || code === "JOKER") {
    return { rank: null, suit: null, joker: true, code: "JK" };
  }
  const m = /^(10|[2-9]|[AJQKT])([SHDC])$/.exec(code);
  if (!m) throw new Error(`malformed card '${text}'`);
  const rank = m[1] === "T" ? "10" : m[1];
  return { rank, suit: m[2], joker: false, code: rank + m[2] };
}

export function rankIndex(rank) {
  return RANKS.indexOf(rank);
}

/** Is this card wild in a round whose wild rank is `wildRank` ("3".."K", "A" for 14)? */
export function isWild(code, wildRank) {
  const c = parseCard(code);
  return c.joker || (wildRank != null && c.rank === String(wildRank));
}

/** Sort card codes by suit (S H D C, then rank) or by rank (then suit); jokers last. */
export function sortCards(codes, mode = "suit", wildRank = null) {
  const key = (code) => {
    const c = parseCard(code);
    if (c.joker) return [9, 99, 9];
    const wild = wildRank != null && c.rank === String(wildRank) ? 1 : 0;
    const s = SUITS.indexOf(c.suit);
    const r = rankIndex(c.rank);
    return mode === "rank" ? [wild, r, s] : [wild, s, r];
  };
  return [...codes].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i] - kb[i];
    return 0;
  });
}

/** A card's name for screen readers, e.g. "10 of hearts", via the i18n function t. */
export function cardLabel(code, t) {
  const c = parseCard(code);
  if (c.joker) return t("card.joker");
  return t("card.name", { rank: t(`rank.${c.rank}`), suit: t(`suit.${c.suit}`) });
}

export function cardShort(code) {
  const c = parseCard(code);
  return c.joker ? "JK" : c.rank + SUIT_GLYPH[c.suit];
}

// --- suit shapes, drawn in a 100 x 100 box -------------------------------------------------

const SUIT_SHAPES = {
  H: '<path d="M50 90 C 22 68 4 50 9 30 C 14 10 40 6 50 28 C 60 6 86 10 91 30 C 96 50 78 68 50 90 Z"/>',
  D: '<path d="M50 4 C 62 22 74 36 88 50 C 74 64 62 78 50 96 C 38 78 26 64 12 50 C 26 36 38 22 50 4 Z"/>',
  S:
    '<path d="M50 6 C 62 24 94 40 90 64 C 87 80 66 84 54 72 C 56 82 60 90 68 96 L 32 96 ' +
    'C 40 90 44 82 46 72 C 34 84 13 80 10 64 C 6 40 38 24 50 6 Z"/>',
  C:
    '<circle cx="50" cy="28" r="19"/><circle cx="27" cy="60" r="19"/><circle cx="73" cy="60" r="19"/>' +
    '<path d="M44 40 L56 40 L60 62 L40 62 Z"/>' +
    '<path d="M47 58 C 47 76 42 88 32 96 L 68 96 C 58 88 53 76 53 58 Z"/>',
};

/** An SVG fragment: a suit symbol of `size`, centred on (x, y), optionally upside down. */
function pip(suit, x, y, size, flip = false) {
  const s = size / 100;
  const rot = flip ? ` rotate(180 50 50)` : "";
  return `<g transform="translate(${x - size / 2} ${y - size / 2}) scale(${s})${rot}">${SUIT_SHAPES[suit]}</g>`;
}

// Pip positions on a 100 x 140 card: [x, y] with y > 70 drawn upside down.
const L = 34;
const M = 50;
const R = 66;
const PIPS = {
  2: [[M, 30], [M, 110]],
  3: [[M, 30], [M, 70], [M, 110]],
  4: [[L, 30], [R, 30], [L, 110], [R, 110]],
  5: [[L, 30], [R, 30], [M, 70], [L, 110], [R, 110]],
  6: [[L, 30], [R, 30], [L, 70], [R, 70], [L, 110], [R, 110]],
  7: [[L, 30], [R, 30], [M, 50], [L, 70], [R, 70], [L, 110], [R, 110]],
  8: [[L, 30], [R, 30], [M, 50], [L, 70], [R, 70], [M, 90], [L, 110], [R, 110]],
  9: [[L, 30], [R, 30], [L, 56.5], [R, 56.5], [M, 70], [L, 83.5], [R, 83.5], [L, 110], [R, 110]],
  10: [[L, 30], [R, 30], [M, 43], [L, 56.5], [R, 56.5], [L, 83.5], [R, 83.5], [M, 97], [L, 110], [R, 110]],
};

const FONT = "font-family=\"'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif\"";

function corner(rank, suit, color) {
  const small = rank === "10" ? 'textLength="19" lengthAdjust="spacingAndGlyphs"' : "";
  const index =
    `<text x="12" y="22" text-anchor="middle" font-size="21" font-weight="700" ${FONT} ${small}>${rank}</text>` +
    pip(suit, 12, 34, 15);
  return (
    `<g fill="${color}">${index}</g>` +
    `<g fill="${color}" transform="rotate(180 50 70)">${index}</g>`
  );
}

// Simple emblems for the court cards: a crown (K), a tiara (Q), a feathered cap (J).
const EMBLEM = {
  K: '<path d="M30 62 L30 44 L40 54 L50 38 L60 54 L70 44 L70 62 Z" />' +
     '<rect x="30" y="63" width="40" height="6" rx="1.5"/>',
  Q: '<path d="M32 62 C 34 52 38 48 40 46 C 44 52 46 52 50 42 C 54 52 56 52 60 46 C 62 48 66 52 68 62 Z"/>' +
     '<circle cx="50" cy="40" r="3.5"/><rect x="32" y="63" width="36" height="5" rx="2"/>',
  J: '<path d="M30 66 C 32 54 42 48 54 50 C 62 51 68 56 70 66 Z"/>' +
     '<path d="M56 50 C 60 40 68 34 78 32 C 72 38 66 44 62 52 Z"/>',
};

function courtFace(rank, suit, color) {
  const tint = suit === "H" || suit === "D" ? "#fbe3e6" : "#e4e8f2";
  return (
    `<rect x="22" y="18" width="56" height="104" rx="5" fill="${tint}" stroke="${color}" stroke-width="1.6"/>` +
    `<g fill="${color}" opacity="0.9" transform="translate(0 -6)">${EMBLEM[rank]}</g>` +
    `<text x="50" y="98" text-anchor="middle" font-size="30" font-weight="700" fill="${color}" ` +
    `font-family="Georgia, 'DejaVu Serif', 'Liberation Serif', serif">${rank}</text>` +
    `<g fill="${color}">${pip(suit, 50, 112, 12)}</g>` +
    `<g fill="${color}">${pip(suit, 30, 27, 10)}${pip(suit, 70, 27, 10)}</g>`
  );
}

function jokerFace() {
  const star = (cx, cy, r) => {
    const pts = [];
    for (let i = 0; i < 10; i++) {
      const a = (Math.PI / 5) * i - Math.PI / 2;
      const rr = i % 2 === 0 ? r : r * 0.45;
      pts.push(`${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`);
    }
    return `<polygon points="${pts.join(" ")}"/>`;
  };
  const letters = "JOKER".split("");
  const col = (x, y0, flip) =>
    letters
      .map(
        (ch, i) =>
          `<text x="${x}" y="${y0 + i * 12}" text-anchor="middle" font-size="11" font-weight="700" ${FONT}>${ch}</text>`,
      )
      .join("");
  return (
    `<g fill="#6a2c91">${col(11, 18)}</g>` +
    `<g fill="#6a2c91" transform="rotate(180 50 70)">${col(11, 18)}</g>` +
    `<g fill="#e0a100" stroke="#6a2c91" stroke-width="1.5">${star(50, 62, 26)}</g>` +
    `<path d="M30 100 Q 50 86 70 100 Q 60 110 50 108 Q 40 110 30 100 Z" fill="#c0182c"/>`
  );
}

const svgCache = new Map();

/** The SVG markup of a card face (or the back, for code "back"). */
export function cardSVG(code) {
  if (svgCache.has(code)) return svgCache.get(code);
  let body;
  if (code === "back") {
    body =
      '<rect x="1" y="1" width="98" height="138" rx="8" fill="#fff" stroke="#777" stroke-width="1"/>' +
      '<rect x="6" y="6" width="88" height="128" rx="5" fill="#1d4f91"/>' +
      '<rect x="6" y="6" width="88" height="128" rx="5" fill="url(#tt-back-pattern)"/>' +
      '<rect x="11" y="11" width="78" height="118" rx="4" fill="none" stroke="#e7c65a" stroke-width="1.5"/>' +
      '<g fill="#e7c65a" opacity="0.9"><text x="50" y="77" text-anchor="middle" font-size="20" font-weight="700" ' +
      `${FONT}>3·13</text></g>`;
    const defs =
      '<defs><pattern id="tt-back-pattern" width="10" height="10" patternUnits="userSpaceOnUse" ' +
      'patternTransform="rotate(45)"><rect width="10" height="10" fill="#1d4f91"/>' +
      '<rect width="5" height="10" fill="#2a63b0"/></pattern></defs>';
    body = defs + body;
  } else {
    const c = parseCard(code);
    const frame = '<rect x="1" y="1" width="98" height="138" rx="8" fill="#fffdf8" stroke="#8a8a8a" stroke-width="1"/>';
    if (c.joker) {
      body = frame + jokerFace();
    } else {
      const color = c.suit === "H" || c.suit === "D" ? RED : BLACK;
      let centre;
      if (c.rank === "A") {
        centre = `<g fill="${color}">${pip(c.suit, 50, 70, 46)}</g>`;
      } else if (c.rank === "J" || c.rank === "Q" || c.rank === "K") {
        centre = courtFace(c.rank, c.suit, color);
      } else {
        const size = 18;
        centre = `<g fill="${color}">${PIPS[c.rank].map(([x, y]) => pip(c.suit, x, y, size, y > 70)).join("")}</g>`;
      }
      body = frame + centre + corner(c.rank, c.suit, color);
    }
  }
  const svg =
    `<svg class="card-svg" viewBox="0 0 100 140" xmlns="http://www.w3.org/2000/svg" ` +
    `aria-hidden="true" focusable="false">${body}</svg>`;
  svgCache.set(code, svg);
  return svg;
}

/**
 * A card element: a <button> when `interactive`, else a <div>, with its SVG face,
 * an accessible name, and `data-card` holding its code.
 */
export function cardElement(code, { t, interactive = false, wild = false, label = null, extraClass = "" } = {}) {
  const el = document.createElement(interactive ? "button" : "div");
  if (interactive) el.type = "button";
  el.className = `card${wild ? " wild" : ""}${extraClass ? " " + extraClass : ""}`;
  el.dataset.card = code;
  el.innerHTML = cardSVG(code);
  if (wild) {
    const badge = document.createElement("span");
    badge.className = "wild-badge";
    badge.textContent = t ? t("card.wildBadge") : "WILD";
    badge.setAttribute("aria-hidden", "true");
    el.appendChild(badge);
  }
  const name = label ?? (code === "back" ? (t ? t("card.back") : "card") : t ? cardLabel(code, t) : code);
  const full = label === null && wild && t ? `${name}, ${t("card.wild")}` : name;
  if (label === "") {
    el.setAttribute("aria-hidden", "true"); // decoration inside a labelled control
  } else if (interactive) {
    el.setAttribute("aria-label", full);
  } else {
    el.setAttribute("role", "img");
    el.setAttribute("aria-label", full);
  }
  return el;
}
