import { t } from "../../i18n/i18n.svelte";
import type { EncodedAction, GameEvent, GameView } from "../../protocol/frames";
import type { GameText, Seats } from "../types";

export const goofspielText: GameText = {
  event(event: GameEvent, seats: Seats): string {
    const d = event.data;
    switch (event.kind) {
      case "bid":
        return t("goofspiel.event.bid", { card: Number(d.card) });
      case "bid_placed":
        return t("goofspiel.event.bid_placed", { who: seats.name(Number(d.seat)) });
      case "reveal": {
        const bids = ((d.bids as number[] | undefined) ?? []).map((card, s) => t("goofspiel.event.bid_of", { who: seats.name(s), card })).join(", ");
        return d.winner === null || d.winner === undefined
          ? t("goofspiel.event.tie", { prize: Number(d.prize), bids })
          : t("goofspiel.event.reveal", { who: seats.name(Number(d.winner)), prize: Number(d.prize), bids });
      }
      default:
        return t("event.unknown", { kind: event.kind });
    }
  },
  awaited(_view: GameView, seat: number | null, _seats: Seats, legal: EncodedAction[]): string {
    return seat !== null && legal.length ? t("goofspiel.await.bid") : t("match.waiting_others");
  },
  action(action: EncodedAction): string {
    return action.kind === "bid" ? t("goofspiel.bid", { card: Number(action.card) }) : t("event.unknown", { kind: action.kind });
  },
};
