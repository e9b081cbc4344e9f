// Ligretto's clicks: which squares are highlighted and what a click sends.
import { describe, expect, it as test } from "vitest";
import fixtures from "./fixtures/games.json";
import { click, highlighted, spotsOf } from "../src/games/ligretto/placement";
import { colourOfLetter, colourOfName, PALETTE } from "../src/games/ligretto/palette";
import { coverOf } from "../src/games/ligretto/view";

const place = (pawn: number, near: number, far: number, jokers: number[] = []) => ({ kind: "place", pawn, near, far, jokers });

describe("placing with clicks", () => {
  test("a square of a single placement sends it at once", () => {
    const spots = spotsOf([place(0, 10, 11), place(0, 20, 21)]);
    expect([...highlighted(spots)].sort((a, b) => a - b)).toEqual([10, 11, 20, 21]);
    expect(click(spots, 11, null)).toEqual({ kind: "send", action: place(0, 10, 11) });
  });

  test("a square shared by placements is picked, and a partner chooses", () => {
    const spots = spotsOf([place(0, 10, 11), place(0, 10, 28)]);
    const first = click(spots, 10, null);
    expect(first.kind).toBe("pick");
    if (first.kind !== "pick") return;
    expect([...first.partners].sort()).toEqual([11, 28]);
    expect(click(spots, 28, 10)).toEqual({ kind: "send", action: place(0, 10, 28) });
  });

  test("the same two squares with or without jokers keep the jokers", () => {
    const spots = spotsOf([place(1, 10, 11, [9]), place(0, 10, 11)]);
    expect(click(spots, 10, null)).toEqual({ kind: "send", action: place(0, 10, 11) });
  });

  test("a restart is placed like a tile", () => {
    const spots = spotsOf([{ kind: "restart", pawn: 2, onto: 40, other: 41 }]);
    expect(click(spots, 41, null)).toEqual({ kind: "send", action: { kind: "restart", pawn: 2, onto: 40, other: 41 } });
  });

  test("a square of no placement does nothing", () => {
    expect(click(spotsOf([place(0, 1, 2)]), 99, null)).toEqual({ kind: "none" });
  });

  test("the legal placements of a real game are all reachable by clicks", () => {
    const legal = Object.values(fixtures.games.ligretto.actions) as { kind: string }[];
    const spots = spotsOf(legal as never);
    for (const spot of spots) {
      const first = click(spots, spot.squares[1], null);
      const sent = first.kind === "send" ? first : click(spots, spot.squares[0], spot.squares[1]);
      expect(sent.kind).toBe("send");
    }
  });
});

describe("the board's colours", () => {
  test("every colour has its own glyph", () => {
    const glyphs = Object.values(PALETTE).map((c) => c.glyph);
    expect(new Set(glyphs).size).toBe(glyphs.length);
    expect(colourOfLetter("g").name).toBe("green");
    expect(colourOfName("purple").glyph).toBe("spade");
  });

  test("a cover says free, joker or whose tile", () => {
    expect(coverOf(-1)).toEqual({ kind: "free" });
    expect(coverOf(32 + 31)).toEqual({ kind: "joker", seat: 1 });
    expect(coverOf(64 + 5)).toEqual({ kind: "tile", seat: 2, tile: 5 });
  });
});
