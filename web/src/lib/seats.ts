// The seats this browser holds, kept in localStorage so a player can close the tab, reload or
// come back later and rejoin: match id -> seat token (and the host's token for the creator).
import type { BotLevel } from "./bots";

export interface HeldSeat {
  id: string;
  game: string;
  seat: number | null;
  token: string;
  host?: string;
  name?: string;
  // The creator's copy of the invite links, to hand them out while the match waits.
  invites?: { seat: number; url: string }[];
  // The bots' levels by seat (as text), for the player's results against each level.
  bots?: Record<string, BotLevel>;
  // The spectators' link, for a screen on the wall or friends who only watch.
  watch?: string;
  // A session's facilitator: the join code and the projector's link (the spectator token).
  code?: string;
  projector?: string;
  // A session's member number before the start (their crew in the lobby).
  member?: number;
  // Joined a session after its start: the phone says the state of play once.
  late?: boolean;
  // A session's person: their personal code, to take the seat back on another device.
  personal?: string;
  // Asked the facilitator for a seat back (its person lost their code): waiting for the answer.
  claim?: number;
  since: number;
}

const KEY = "ludoteca.seats";
const LIMIT = 50; // the oldest are forgotten first

type Store = Pick<Storage, "getItem" | "setItem">;

export function readSeats(storage: Store): HeldSeat[] {
  try {
    const raw = JSON.parse(storage.getItem(KEY) ?? "[]") as unknown;
    if (!Array.isArray(raw)) return [];
    return raw.filter(
      (s): s is HeldSeat =>
        typeof s === "object" && s !== null && typeof s.id === "string" && typeof s.token === "string",
    );
  } catch {
    return [];
  }
}

export function writeSeats(storage: Store, seats: HeldSeat[]): void {
  try {
    const newest = [...seats].sort((a, b) => b.since - a.since).slice(0, LIMIT);
    storage.setItem(KEY, JSON.stringify(newest));
  } catch {
    // storage full or disabled: the seat lasts as long as the page
  }
}

// Told of every seat kept (lib/account keeps it on the person's account too).
let onKept: ((seat: HeldSeat) => void) | null = null;

export function whenSeatKept(listener: ((seat: HeldSeat) => void) | null): void {
  onKept = listener;
}

export function keepSeat(storage: Store, seat: HeldSeat): void {
  const others = readSeats(storage).filter((s) => s.id !== seat.id);
  const before = readSeats(storage).find((s) => s.id === seat.id);
  writeSeats(storage, [...others, { ...before, ...seat }]);
  onKept?.(seat);
}

export function seatFor(storage: Store, id: string): HeldSeat | undefined {
  return readSeats(storage).find((s) => s.id === id);
}

export function forgetSeat(storage: Store, id: string): void {
  writeSeats(storage, readSeats(storage).filter((s) => s.id !== id));
}

// The token this browser holds for a match that opens the most doors: the host's (a session's
// facilitator), else its seat's. The record, the replay and the debrief ask for one.
export function strongestToken(storage: Store, id: string): string | null {
  const held = seatFor(storage, id);
  return held?.host ?? held?.token ?? null;
}
