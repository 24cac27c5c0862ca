// HTTP calls and the table websocket (see docs/protocol.md).

export class ApiError extends Error {
  constructor(status, body) {
    super(body?.message || `HTTP ${status}`);
    this.status = status;
    this.code = body?.error || "http";
    this.input = body?.input;
  }
}

// --- the player key: made at random once and kept in localStorage; the server finds this
// browser's matches and statistics by it (docs/protocol.md, "Player keys").

const PLAYER_KEY = "tt.player";
const SEATING = /^\/api\/(solo|tables|tables\/[\w-]+\/join)$/;

/** This browser's player key (made on first use). */
export function playerKey() {
  let key = localStorage.getItem(PLAYER_KEY);
  if (!key || !/^[\w-]{16,64}$/.test(key)) {
    const bytes = crypto.getRandomValues(new Uint8Array(18));
    key = btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_");
    localStorage.setItem(PLAYER_KEY, key);
  }
  return key;
}

export async function api(method, path, body = undefined) {
  const init = { method, headers: { Accept: "application/json", "X-Player": playerKey() } };
  // Taking a seat (solo, a new table, joining) names the player, so the match is theirs.
  if (method === "POST" && SEATING.test(path) && body && typeof body === "object") body = { player: playerKey(), ...body };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) throw new ApiError(response.status, data);
  return data;
}

// --- seat tokens: kept per table id, in localStorage (survives a restart of the browser)
// and sessionStorage (this tab), so a refresh returns the player to the seat.

const SEAT_PREFIX = "tt.seat.";

export function saveSeat(tableId, seat) {
  const text = JSON.stringify({ seat: seat.seat, token: seat.token, name: seat.name ?? null });
  sessionStorage.setItem(SEAT_PREFIX + tableId, text);
  localStorage.setItem(SEAT_PREFIX + tableId, text);
}

export function loadSeat(tableId) {
  const text = sessionStorage.getItem(SEAT_PREFIX + tableId) ?? localStorage.getItem(SEAT_PREFIX + tableId);
  if (!text) return null;
  try {
    const seat = JSON.parse(text);
    return typeof seat?.token === "string" ? seat : null;
  } catch {
    return null;
  }
}

export function forgetSeat(tableId) {
  sessionStorage.removeItem(SEAT_PREFIX + tableId);
  localStorage.removeItem(SEAT_PREFIX + tableId);
}

/**
 * One websocket to a table. Calls onSnapshot(msg) for every snapshot, onPresence(msg) for a
 * presence message (who is connected, of the version of the last snapshot), onError(msg) for
 * an error message, onStatus("open" | "closed" | "reconnecting" | "rejected", detail). It
 * reconnects by itself (with the same token) unless the server rejected the token or table.
 */
export class TableConnection {
  constructor(tableId, token, { onSnapshot, onPresence, onError, onStatus }) {
    this.tableId = tableId;
    this.token = token;
    this.onSnapshot = onSnapshot;
    this.onPresence = onPresence;
    this.onError = onError;
    this.onStatus = onStatus;
    this.version = null;
    this.closed = false;
    this.retry = 0;
    this.socket = null;
    this.pingTimer = null;
    this.open();
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const query = this.token ? `?token=${encodeURIComponent(this.token)}` : "";
    return `${scheme}//${location.host}/ws/tables/${encodeURIComponent(this.tableId)}${query}`;
  }

  open() {
    const socket = new WebSocket(this.url());
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.retry = 0;
      this.onStatus?.("open");
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.sendRaw({ type: "ping" }), 25000);
    });
    socket.addEventListener("message", (event) => {
      let msg;
      try {
        msg = JSON.parse(event.data);
      } catch {
        return;
      }
      if (msg.type === "snapshot") {
        // The server sends a table's snapshots in order; an older one is never news.
        if (this.version !== null && msg.version < this.version) return;
        this.version = msg.version;
        this.onSnapshot?.(msg);
      } else if (msg.type === "presence") {
        // Only for the table we have: a newer version comes as a snapshot.
        if (this.version === null || msg.version !== this.version) return;
        this.onPresence?.(msg);
      } else if (msg.type === "error") {
        this.onError?.(msg);
      }
    });
    socket.addEventListener("close", (event) => {
      clearInterval(this.pingTimer);
      if (this.socket !== socket || this.closed) return;
      if (event.code === 4403 || event.code === 4404 || event.code === 4409) {
        this.closed = true;
        this.onStatus?.("rejected", event.code);
        return;
      }
      this.retry += 1;
      // 1012: the table moved to another server process; the way there is open at once.
      const moved = event.code === 1012 && this.retry === 1;
      const delay = moved ? 50 : Math.min(8000, 300 * 2 ** Math.min(this.retry, 5));
      this.onStatus?.("reconnecting", delay);
      setTimeout(() => {
        if (!this.closed) this.open();
      }, delay);
    });
  }

  sendRaw(message) {
    if (this.socket?.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  /** Send a message of `type` naming the last version seen. */
  send(type, fields = {}) {
    return this.sendRaw({ type, version: this.version, ...fields });
  }

  close() {
    this.closed = true;
    clearInterval(this.pingTimer);
    this.socket?.close();
  }
}
