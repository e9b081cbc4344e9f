// Every action and event kind the games really produce is said in words, in both languages,
// without falling back to the bare kind; and every game screen's awaited line reads a view.
import { beforeEach, describe, expect, it as test } from "vitest";
import fixtures from "./fixtures/games.json";
import { setLanguage, t } from "../src/i18n/i18n.svelte";
import { gameEntry } from "../src/games/registry";
import type { EncodedAction, GameEvent, GameView } from "../src/protocol/frames";
import type { Seats } from "../src/games/types";

const seats: Seats = { count: 4, name: (seat) => `P${seat}`, plain: (seat) => `P${seat}`, state: () => ({ here: true, bot: false, graceLeft: null }) };
type Fixture = { views: GameView[]; actions: Record<string, EncodedAction>; events: Record<string, GameEvent> };
const games = fixtures.games as unknown as Record<string, Fixture>;

for (const lang of ["en", "it"] as const) {
  describe(`game texts in ${lang}`, () => {
    beforeEach(() => setLanguage(lang));

    for (const [name, game] of Object.entries(games)) {
      const entry = gameEntry(name);

      test(`${name}: every action kind has its words`, () => {
        const view = game.views[game.views.length - 1];
        for (const action of Object.values(game.actions)) {
          const text = entry.text.action(action, view);
          expect(text, action.kind).not.toBe(t("event.unknown", { kind: action.kind }));
          expect(text).not.toMatch(/\{\w+\}/);
        }
      });

      test(`${name}: every event kind has its words`, () => {
        for (const event of Object.values(game.events)) {
          const text = entry.text.event(event, seats);
          expect(text, event.kind).not.toBe(t("event.unknown", { kind: event.kind }));
          expect(text).not.toMatch(/\{\w+\}|undefined|NaN/);
        }
      });

      test(`${name}: what is awaited reads every view`, () => {
        for (const view of game.views) {
          const text = entry.text.awaited(view, 0, seats, Object.values(game.actions));
          expect(text).not.toMatch(/\{\w+\}|undefined|NaN/);
        }
      });
    }
  });
}

describe("counts in words", () => {
  const event = (kind: string, data: Record<string, unknown>) => ({ kind, data }) as unknown as GameEvent;

  test("one of a thing is said in the singular, none in words", () => {
    setLanguage("en");
    const ligretto = gameEntry("ligretto").text;
    expect(ligretto.event(event("set_aside", { seat: 0, tiles: [4] }), seats)).toBe("P0 set 1 tile aside.");
    expect(ligretto.event(event("set_aside", { seat: 0, tiles: [] }), seats)).toBe("P0 set nothing aside.");
    expect(ligretto.event(event("take_back", { seat: 1, tiles: [2, 5] }), seats)).toBe("P1 took 2 tiles back.");
    const placed = event("placed", { seat: 1, colours: ["red", "blue"], pawn: 0, jokers: [7] });
    expect(ligretto.event(placed, seats)).toBe("P1 placed red–blue at pawn 1 after a joker.");
    const performed = event("performed", { seat: 0, region: "Valls", tower: [[5]], points: 1, tokens_collected: 1 });
    expect(gameEntry("castell").text.event(performed, seats)).toMatch(/: 1 point, 1 token collected\.$/);
    const crossing = event("crossing", { wood: ["oak"] });
    expect(gameEntry("ciurme").text.event(crossing, seats)).toBe("The lifeboat carries 1 piece of wood to the wreck.");
    setLanguage("it");
    expect(ligretto.event(event("set_aside", { seat: 0, tiles: [4] }), seats)).toBe("P0 ha messo da parte 1 tessera.");
    expect(gameEntry("castell").text.event(performed, seats)).toMatch(/: 1 punto, 1 gettone raccolto\.$/);
  });
});
