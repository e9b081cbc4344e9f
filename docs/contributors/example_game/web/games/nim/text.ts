// Nim's words: each button says what it takes, each log line who took what. Heaps are numbered
// from 0 in the actions and from 1 for the players.
import { t } from "../../i18n/i18n.svelte";
import type { EncodedAction, GameEvent, GameView } from "../../protocol/frames";
import type { GameText, Seats } from "../types";

export const nimText: GameText = {
  event(event: GameEvent, seats: Seats): string {
    const d = event.data;
    return event.kind === "took"
      ? t("nim.event.took", { who: seats.name(Number(d.seat)), count: Number(d.count), heap: Number(d.heap) + 1 })
      : t("event.unknown", { kind: event.kind });
  },
  awaited(_view: GameView, seat: number | null, _seats: Seats, legal: EncodedAction[]): string {
    return seat !== null && legal.length ? t("nim.await.take") : t("match.waiting_others");
  },
  action(action: EncodedAction): string {
    return action.kind === "take"
      ? t("nim.take", { count: Number(action.count), heap: Number(action.heap) + 1 })
      : t("event.unknown", { kind: action.kind });
  },
};
