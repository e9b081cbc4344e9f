// The parts of Castell's view the screens read. Fields the game may add later are ignored.
import type { GameView } from "../../protocol/frames";
import type { Ranks, Tower } from "./towerCheck";

export interface LocalTile {
  id: number;
  kind: "shape" | "exhibition";
  shape?: number[];
  levels?: number;
  skills?: string[];
  points: number;
}

export interface RegionBoard {
  prizes: string[];
  size_tokens: number[];
  tiles: number[];
  collected: number;
}

export interface CastellPlayer {
  team: number[];
  pawn: string | null;
  ranks: Ranks;
  tokens: number;
  board: Record<string, RegionBoard>;
  best_score: number;
  festivals_entered: number;
  score_now?: Record<string, number>;
}

export interface FestivalDay {
  round: number;
  type: string;
  region: string;
  tokens: number[];
  done: boolean;
}

export interface FestivalNow {
  index: number;
  region: string;
  tokens: number[];
  seats: number[];
  declared: number[];
  my_declaration?: Tower | null;
  // To a seat that still has to declare: the best tower it can raise for each size token.
  options?: TowerOption[];
}

export interface TowerOption {
  tower: Tower;
  score: number;
  castellers: Record<string, number>;
  skills: Record<string, number>;
}

// A festival held, as everybody saw it revealed (the game's FestivalOutcome).
export interface FestivalOutcome {
  round: number;
  region: string;
  tokens: number[];
  towers: Record<string, Tower>;
  scores: Record<string, number>;
  prizes: [number, string][];
  size_tokens: [number, number][];
  skills: Record<string, Record<string, number>>;
  absent: Record<string, string>;
}

export interface CastellView {
  seat: number | null;
  round: number;
  rounds: number;
  phase: "turn" | "festival" | "over" | string;
  first: number;
  current: number | null;
  used: string[];
  free_special: boolean;
  wheel: Record<string, string>;
  advanced: boolean;
  regions: Record<string, number[]>;
  rows: Record<string, LocalTile[]>;
  row_tokens: Record<string, number[]>;
  calendar: FestivalDay[];
  piles: Record<string, number>;
  bag: Record<string, number>;
  players: CastellPlayer[];
  festival: FestivalNow | null;
  history?: FestivalOutcome[];
}

export function castellView(view: GameView): CastellView {
  return view as unknown as CastellView;
}

// The map's regions in the game's order, with their neighbours (Lleida-Girona is the dashed
// line), as on the board.
export const REGIONS = ["Lleida", "Valls", "Tarragona", "Vilanova", "Vilafranca", "Barcelona", "Girona"] as const;
export const ADJACENT: [string, string, boolean][] = [
  ["Lleida", "Valls", false],
  ["Lleida", "Vilafranca", false],
  ["Lleida", "Girona", true],
  ["Valls", "Tarragona", false],
  ["Valls", "Vilafranca", false],
  ["Tarragona", "Vilanova", false],
  ["Vilafranca", "Vilanova", false],
  ["Vilafranca", "Barcelona", false],
  ["Vilanova", "Barcelona", false],
  ["Barcelona", "Girona", false],
];

// Next round the wheel turns one step clockwise: each sector then faces the tile that now faces
// the sector after it (the view lists sectors in wheel order, the special sector first).
export function nextWheel(wheel: Record<string, string>): Record<string, string> {
  const sectors = Object.keys(wheel);
  const tiles = Object.values(wheel);
  return Object.fromEntries(sectors.map((sector, i) => [sector, tiles[(i + 1) % tiles.length]]));
}

// Regions where a player earned something (a prize, a size token, a tile, collected tokens):
// the count the end scores.
export function regionsEarned(player: CastellPlayer): string[] {
  return Object.entries(player.board)
    .filter(([, spot]) => spot.prizes.length || spot.size_tokens.length || spot.tiles.length || spot.collected)
    .map(([region]) => region);
}

// The region the last move on the map happened in (a move, a recruit, a performance), from the
// log: the map highlights it.
export function lastRegion(events: { step: number; event: { kind: string; data: Record<string, unknown> } }[]): string | null {
  // A move taken back is no last move: its step is skipped, and so is the undo.
  const undone = new Set(events.filter((e) => e.event.kind === "undone").map((e) => Number(e.event.data.step)));
  for (let i = events.length - 1; i >= 0; i--) {
    if (undone.has(events[i].step) || events[i].event.kind === "undone") continue;
    const { kind, data } = events[i].event;
    if (kind === "round" || kind === "festival") return null;
    if (["moved", "special_move", "recruited", "special_recruit", "performed"].includes(kind) && typeof data.region === "string") {
      return data.region;
    }
  }
  return null;
}

// The festivals revealed from step `since` on, in the order they were held. One declaration may
// reveal two festivals of a round (the second one with nobody in it): each is shown, neither
// replaces the other.
export function revealedSince(
  events: { step: number; event: { kind: string; data: Record<string, unknown> } }[],
  since: number,
): FestivalOutcome[] {
  return events
    .filter((e) => e.event.kind === "festival_result" && e.step >= since)
    .map((e) => e.event.data as unknown as FestivalOutcome);
}
