// Every action and event kind the games really produce is said in words, in both languages,
// without falling back to the bare kind; and every game screen's awaited line reads a view.
import { beforeEach, describe, expect, it as test } from "vitest";
import fixtures from "./fixtures/games.json";
import { setLanguage, t } from "../src/i18n/i18n.svelte";
import { gameEntry } from "../src/games/registry";
import type { EncodedAction, GameEvent, GameView } from "../src/protocol/frames";
import type { Seats } from "../src/games/types";

const seats: Seats = { count: 4, name: (seat) => `P${seat}` };
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
