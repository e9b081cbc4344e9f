// A player's results against each bot level, kept in this browser (localStorage) so they can see
// themselves improve: every finished match they played against bots adds, for each bot seat, a
// win, a draw or a loss against that bot's level (their rank against the bot's).

import type { BotLevel } from "./bots";

export type Outcome = "win" | "draw" | "loss";

export interface Played {
  id: string; // the match: counted once
  game: string;
  level: BotLevel;
  outcome: Outcome;
  when: number;
}

export interface LevelRecord {
  played: number;
  wins: number;
  draws: number;
  recent: Outcome[]; // the newest last
}

const KEY = "ludoteca.results";
const LIMIT = 500; // the oldest are forgotten first
export const RECENT = 10;

type Store = Pick<Storage, "getItem" | "setItem">;

export function readResults(storage: Store): Played[] {
  try {
    const raw = JSON.parse(storage.getItem(KEY) ?? "[]") as unknown;
    if (!Array.isArray(raw)) return [];
    return raw.filter(
      (r): r is Played =>
        typeof r === "object" && r !== null && typeof r.id === "string" && typeof r.game === "string" &&
        typeof r.level === "string" && ["win", "draw", "loss"].includes(r.outcome as string),
    );
  } catch {
    return [];
  }
}

// The player's outcome against each bot seat of a finished match, from the ranks by seat
// (1 is first); a match already counted is not counted again.
export function keepResults(
  storage: Store,
  match: { id: string; game: string; seat: number; bots: Record<string, BotLevel>; ranks: number[] },
  when: number,
): void {
  const known = readResults(storage);
  if (known.some((r) => r.id === match.id)) return;
  const mine = match.ranks[match.seat];
  if (mine === undefined) return;
  const added: Played[] = [];
  for (const [seat, level] of Object.entries(match.bots)) {
    const theirs = match.ranks[Number(seat)];
    if (theirs === undefined || Number(seat) === match.seat) continue;
    const outcome: Outcome = mine < theirs ? "win" : mine > theirs ? "loss" : "draw";
    added.push({ id: match.id, game: match.game, level, outcome, when });
  }
  if (added.length === 0) return;
  try {
    storage.setItem(KEY, JSON.stringify([...known, ...added].slice(-LIMIT)));
  } catch {
    // storage full or disabled: the results last as long as the page
  }
}

// The player's record against each level of one game, oldest results first in `recent`.
export function recordsFor(storage: Store, game: string): Partial<Record<BotLevel, LevelRecord>> {
  const out: Partial<Record<BotLevel, LevelRecord>> = {};
  for (const r of readResults(storage).filter((x) => x.game === game).sort((a, b) => a.when - b.when)) {
    const record = (out[r.level] ??= { played: 0, wins: 0, draws: 0, recent: [] });
    record.played += 1;
    if (r.outcome === "win") record.wins += 1;
    if (r.outcome === "draw") record.draws += 1;
    record.recent = [...record.recent, r.outcome].slice(-RECENT);
  }
  return out;
}
