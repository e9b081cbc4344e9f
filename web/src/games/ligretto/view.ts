// The parts of Ligretto's view the screens read (fields added later are ignored).
import type { GameView } from "../../protocol/frames";

export const FREE = -1;
export const JOKER = 31;

export interface LigrettoPlayer {
  frame: string;
  score: number;
  stack: number;
  pile: number;
  holds_tile: boolean;
  placed: number;
  jokers: number;
  duties: number[];
  individual_board: number[];
  turned?: number | null; // the tile turned over in the player's hand (public, as on a table)
  pile_top?: number | null; // the top of the player's face-up pile
}

export interface RoundRecord {
  round: number;
  ending: string;
  winners: number[];
  points: number[];
  placed: number[];
  tiles_left: number[];
  jokers_used?: number[];
}

export interface LigrettoView {
  round: number;
  rounds: number;
  phase: string;
  colours: string[];
  width: number;
  height: number;
  squares: string;
  cover: number[];
  pawns: number[];
  stuck: boolean[];
  open_restarts: number[];
  host: number;
  host_may_end: boolean;
  pending: number[];
  history: RoundRecord[];
  tiles: [number, number][];
  players: LigrettoPlayer[];
  seat: number | null;
  hand?: number | null;
  pile?: number[];
  stack_tiles?: number[];
}

export function ligrettoView(view: GameView): LigrettoView {
  return view as unknown as LigrettoView;
}

// Who covers a square: FREE, a joker of a seat, or a seat's tile.
export type Cover = { kind: "free" } | { kind: "joker"; seat: number } | { kind: "tile"; seat: number; tile: number };

export function coverOf(value: number): Cover {
  if (value === FREE) return { kind: "free" };
  const seat = Math.floor(value / 32);
  const tile = value % 32;
  return tile === JOKER ? { kind: "joker", seat } : { kind: "tile", seat, tile };
}

// The letters of a tile's two colours (the view's tiles are colour indices).
export function tileLetters(view: LigrettoView, tile: number): [string, string] {
  const [a, b] = view.tiles[tile] ?? [0, 0];
  const letters = "RYGBPO";
  return [letters[a], letters[b]];
}
