// Castell's client logic: the live tower check agrees with the game's own check_tower on
// hundreds of towers; goals, scores, the wheel's next turn.
import { describe, expect, it as test } from "vitest";
import fixtures from "./fixtures/games.json";
import { goalProblems } from "../src/games/castell/goals";
import { checkTower, fitsTeam, towerScore, type Ranks, type Skill } from "../src/games/castell/towerCheck";
import { nextWheel, revealedSince } from "../src/games/castell/view";

type Case = { levels: number[][]; ranks: Ranks; skills: Skill[]; legal: boolean; uses: Ranks | null; reason: string | null };
const cases = fixtures.castell_towers as unknown as Case[];

// The game's reasons are sentences; their first words name the rule, as the codes do.
const REASON_CODES: [RegExp, string][] = [
  [/^level \d+ mixes/, "mixed_sizes"],
  [/^level \d+ has \d+ castellers on/, "wider"],
  [/^level \d+ puts a size/, "bigger"],
  [/^the tower has \d+/, "over_rank"],
  [/^a level of \d+ castellers is too wide/, "too_wide"],
  [/^the tower needs one real use of/, "needs_uses"],
  [/^the tower needs a real use of Width and one of Base/, "width_and_base"],
];

describe("the tower check", () => {
  test("the fixtures hold legal and illegal towers", () => {
    expect(cases.filter((c) => c.legal).length).toBeGreaterThan(50);
    expect(cases.filter((c) => !c.legal).length).toBeGreaterThan(50);
  });

  test.each(cases.map((c, i) => [i, c] as const))("tower %i as the game judges it", (_i, c) => {
    const verdict = checkTower(c.levels, c.ranks, c.skills);
    expect(verdict.legal).toBe(c.legal);
    if (verdict.legal) {
      expect(verdict.uses).toEqual(c.uses);
    } else {
      const code = REASON_CODES.find(([pattern]) => pattern.test(c.reason ?? ""))?.[1];
      expect(verdict.reason.code).toBe(code);
    }
  });

  test("an empty tower or level is not a tower", () => {
    expect(checkTower([], {})).toEqual({ legal: false, reason: { code: "empty" } });
    expect(checkTower([[5], []], {})).toEqual({ legal: false, reason: { code: "empty_level", level: 2 } });
  });

  test("3-2-1 needs no skill", () => {
    expect(checkTower([[9, 9, 9], [6, 6], [3]], {})).toEqual({
      legal: true,
      uses: { balance: 0, base: 0, mix: 0, strength: 0, width: 0 },
    });
  });
});

describe("goals and scores", () => {
  test("a festival wants four levels and its token sizes", () => {
    const goal = { kind: "festival" as const, region: "Valls", tokens: [5, 2] };
    expect(goalProblems(goal, [[9, 9, 9], [6, 6], [3]])).toEqual([
      { code: "short", levels: 3, need: 4 },
      { code: "token_missing", size: 5 },
      { code: "token_missing", size: 2 },
    ]);
    expect(goalProblems(goal, [[9, 9, 9], [5, 5], [3], [2]])).toEqual([]);
    expect(towerScore([[9, 9, 9], [5, 5], [3], [2]], [5, 2])).toBe(4 + 3);
  });

  test("a shape tile wants its exact widths", () => {
    const tile = { id: 1, kind: "shape" as const, shape: [3, 2, 1], points: 4 };
    expect(goalProblems({ kind: "tile", tile }, [[9, 9, 9], [6, 6], [3]])).toEqual([]);
    expect(goalProblems({ kind: "tile", tile }, [[9, 9], [6], [3]])).toEqual([{ code: "shape", shape: [3, 2, 1] }]);
  });

  test("a tower uses each casteller of the team once", () => {
    expect(fitsTeam([[9, 9], [5]], [9, 9, 5, 1])).toBe(true);
    expect(fitsTeam([[9, 9, 9]], [9, 9, 5])).toBe(false);
  });
});

describe("the wheel", () => {
  test("next round each sector faces the tile the next sector faces now", () => {
    const wheel = { "All Regions": "mix", Lleida: "base", Valls: "special", Girona: "width" };
    expect(nextWheel(wheel)).toEqual({ "All Regions": "base", Lleida: "special", Valls: "width", Girona: "mix" });
  });
});

describe("festivals revealed", () => {
  const result = (step: number, region: string, round: number) => ({
    step,
    event: { kind: "festival_result", data: { round, region, scores: {} } as Record<string, unknown> },
  });
  const events = [
    result(40, "Lleida", 3),
    { step: 52, event: { kind: "declared", data: {} } },
    result(52, "Barcelona", 5),
    result(52, "Vilanova", 5),
  ];

  test("a second festival revealed with the first does not replace it", () => {
    expect(revealedSince(events, 52).map((o) => o.region)).toEqual(["Barcelona", "Vilanova"]);
  });

  test("festivals revealed before the step are left out", () => {
    expect(revealedSince(events, 41).map((o) => [o.round, o.region])).toEqual([[5, "Barcelona"], [5, "Vilanova"]]);
    expect(revealedSince(events, 0)).toHaveLength(3);
  });
});
