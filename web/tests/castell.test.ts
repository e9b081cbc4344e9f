// Castell's client logic: the live tower check agrees with the game's own check_tower on
// hundreds of towers; goals, scores, the wheel's next turn.
import { describe, expect, it as test } from "vitest";
import fixtures from "./fixtures/games.json";
import { goalProblems } from "../src/games/castell/goals";
import { checkTower, fitsTeam, towerScore, type Ranks, type Skill } from "../src/games/castell/towerCheck";
import { nextWheel, revealedSince } from "../src/games/castell/view";
import { submitText } from "../src/games/castell/towerText";
import { setLanguage } from "../src/i18n/i18n.svelte";
import { gameEntry } from "../src/games/registry";
import type { GameEvent } from "../src/protocol/frames";

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

describe("the builder's button", () => {
  const uses = { balance: 0, base: 1, mix: 0, strength: 0, width: 0 };

  test("says the festival points and the skills, with a space between them", () => {
    setLanguage("en");
    expect(submitText("Declare this tower", 14, uses)).toBe("Declare this tower: 14 points. It uses Base ×1.");
    expect(submitText("Declare this tower", 1, uses)).toMatch(/: 1 point\. /);
    expect(submitText("Perform with this tower", null, uses)).toBe("Perform with this tower. It uses Base ×1.");
    setLanguage("it");
    expect(submitText("Dichiara questa torre", 14, uses)).toMatch(/^Dichiara questa torre: 14 punti\. Usa /);
  });
});

describe("the festival's log line", () => {
  const seats = { count: 2, name: (s: number) => `P${s}`, plain: (s: number) => `P${s}`, state: () => ({ here: true, bot: false, graceLeft: null }) };
  const result = {
    kind: "festival_result",
    data: { round: 5, region: "Barcelona", scores: { "0": 14, "1": 9 }, skills: {}, prizes: [[0, "trophy"]], size_tokens: [[1, 8]] },
  } as unknown as GameEvent;

  test("says who won the trophy and the size tokens", () => {
    setLanguage("en");
    expect(gameEntry("castell").text.event(result, seats)).toMatch(/Won: P0 \(trophy\), P1 \(size token 8\)\.$/);
    setLanguage("it");
    expect(gameEntry("castell").text.event(result, seats)).toMatch(/Vinti: P0 \(.+\), P1 \(gettone taglia 8\)\.$/);
  });
});

describe("a special action in the log", () => {
  const seats = { count: 2, name: (s: number) => `P${s}`, plain: (s: number) => `P${s}`, state: () => ({ here: true, bot: false, graceLeft: null }) };
  const say = (data: Record<string, unknown>) => gameEntry("castell").text.event({ kind: "special_move", data } as unknown as GameEvent, seats);

  test("says whether it spent a special token", () => {
    setLanguage("en");
    expect(say({ seat: 0, region: "Valls", token_spent: true })).toBe("P0 moved once more, to Valls. A special token spent.");
    expect(say({ seat: 0, region: "Valls", token_spent: false })).toMatch(/Free, from a Special tile/);
    setLanguage("it");
    expect(say({ seat: 0, region: "Valls", token_spent: true })).toMatch(/Speso un gettone speciale\.$/);
  });
});
