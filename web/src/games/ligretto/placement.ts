// From the legal placements to clicks on squares: which squares to highlight, and what a click
// does. A click on a square that belongs to exactly one placement sends it; otherwise the square
// is picked and a second click on a partner square chooses among the placements.
import type { EncodedAction } from "../../protocol/frames";

export interface Spot {
  action: EncodedAction;
  squares: [number, number]; // the tile's two squares
  jokers: number[];
  pawn: number;
}

export function spotsOf(legal: EncodedAction[]): Spot[] {
  const spots: Spot[] = [];
  for (const action of legal) {
    if (action.kind === "place") {
      spots.push({
        action,
        squares: [Number(action.near), Number(action.far)],
        jokers: Array.isArray(action.jokers) ? action.jokers.map(Number) : [],
        pawn: Number(action.pawn),
      });
    } else if (action.kind === "restart") {
      spots.push({ action, squares: [Number(action.onto), Number(action.other)], jokers: [], pawn: Number(action.pawn) });
    }
  }
  // Where the same squares can be reached with or without jokers, keep the jokers.
  return spots.sort((a, b) => a.jokers.length - b.jokers.length);
}

export function highlighted(spots: Spot[]): Set<number> {
  return new Set(spots.flatMap((s) => s.squares));
}

export type Click =
  | { kind: "send"; action: EncodedAction }
  | { kind: "pick"; square: number; partners: Set<number> }
  | { kind: "none" };

export function click(spots: Spot[], square: number, picked: number | null): Click {
  if (picked !== null && picked !== square) {
    const pair = spots.filter((s) => s.squares.includes(picked) && s.squares.includes(square));
    if (pair.length) return { kind: "send", action: pair[0].action };
  }
  const touching = spots.filter((s) => s.squares.includes(square));
  if (touching.length === 0) return { kind: "none" };
  if (touching.length === 1) return { kind: "send", action: touching[0].action };
  const partners = new Set(touching.map((s) => (s.squares[0] === square ? s.squares[1] : s.squares[0])));
  // The same two squares reached two ways (two pawns, or with or without jokers): the first.
  if (partners.size === 1) return { kind: "send", action: touching[0].action };
  return { kind: "pick", square, partners };
}

// The fewest jokers a tile needs to cover a square, for each square it may cover: the board
// marks places without jokers apart from those that spend one or two.
export function jokersNeeded(spots: Spot[]): Map<number, number> {
  const need = new Map<number, number>();
  for (const spot of spots) {
    for (const square of spot.squares) {
      const before = need.get(square);
      if (before === undefined || spot.jokers.length < before) need.set(square, spot.jokers.length);
    }
  }
  return need;
}

// The places a tile fits (two squares, however reached), counted by the fewest jokers each
// needs: [none, one, two].
export function placesByJokers(spots: Spot[]): [number, number, number] {
  const fewest = new Map<string, number>();
  for (const spot of spots) {
    const key = [...spot.squares].sort((a, b) => a - b).join("+");
    fewest.set(key, Math.min(fewest.get(key) ?? Infinity, spot.jokers.length));
  }
  const out: [number, number, number] = [0, 0, 0];
  for (const n of fewest.values()) out[Math.min(2, n)] += 1;
  return out;
}

// What a click on `square` would place, if it places at once: the board shows its squares and
// its jokers before the click spends them.
export function preview(spots: Spot[], square: number | null, picked: number | null): Spot | null {
  if (square === null) return null;
  const result = click(spots, square, picked);
  if (result.kind !== "send") return null;
  return spots.find((s) => s.action === result.action) ?? null;
}
