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

describe("Ciurme's words", () => {
  const event = (kind: string, data: Record<string, unknown>) => ({ kind, data }) as unknown as GameEvent;
  const say = (kind: string, data: Record<string, unknown>) => gameEntry("ciurme").text.event(event(kind, data), seats);
  const post = { kind: "post", channel: "deck", text: "ahoy" } as EncodedAction;

  test("every log line has its subject, in both languages", () => {
    setLanguage("en");
    expect(say("produced", { by: "automaton", wood: "light_blue" })).toMatch(/^The automaton added .* wood to the pile\.$/);
    expect(say("ballot", { crew: 0, topic: "deposition" })).toBe("Somebody has voted.");
    expect(say("ballot", { crew: 0, topic: "lifeboat", voter: 2 })).toBe("P2 has voted.");
    setLanguage("it");
    expect(say("produced", { by: "automaton", wood: "light_blue" })).toMatch(/^L'automa /);
    expect(say("ballot", { crew: 0, topic: "deposition" })).toBe("Qualcuno ha votato.");
  });

  test("one repair is said in the singular", () => {
    setLanguage("en");
    expect(say("progress", { crew: 0, repairs: 1 })).toBe("Crew 1 has made 1 repair.");
    expect(say("progress", { crew: 0, repairs: 4 })).toBe("Crew 1 has made 4 repairs.");
    setLanguage("it");
    expect(say("progress", { crew: 0, repairs: 1 })).toBe("La Ciurma 1 ha fatto 1 riparazione.");
    expect(t("ciurme.repairs.one", { count: 1, needed: 3 })).toBe("1 riparazione su 3");
  });

  test("a move says nobody's gender; a channel takes its preposition", () => {
    setLanguage("it");
    expect(say("moved", { seat: 1, start: "island", end: "lifeboat" })).toMatch(/^P1 si sposta: /);
    expect(gameEntry("castell").text.event(event("moved", { seat: 1, region: "Valls" }), seats)).toBe("P1 si sposta a Valls.");
    expect(gameEntry("ciurme").text.action(post, null as unknown as GameView)).toBe("Di' al ponte: ahoy");
    setLanguage("en");
    expect(gameEntry("ciurme").text.action(post, null as unknown as GameView)).toBe("Say to the deck: ahoy");
  });
});
