// How the screens name a seat: the player's name, "Bot 2" for a bot, "Seat 2" for a free seat.
import { t } from "../i18n/i18n.svelte";
import type { SeatPresence } from "../protocol/frames";
import type { Seats } from "../games/types";

// `players`: seats from this number on are roles beyond the players (Ciurme's facilitator).
export function seatNames(
  presence: SeatPresence[],
  fallback: { seat: number; name: string | null; bot: string | null }[] = [],
  players: number | null = null,
): Seats {
  const bySeat = new Map<number, { name: string | null; bot: string | null }>();
  for (const s of fallback) bySeat.set(s.seat, s);
  for (const s of presence) bySeat.set(s.seat, s);
  return {
    count: bySeat.size,
    name(seat: number): string {
      const s = bySeat.get(seat);
      if (players !== null && seat >= players) {
        return s?.bot ? t("match.facilitator_bot") : s?.name ?? t("match.facilitator");
      }
      if (s?.bot) return t("match.bot_seat", { seat: seat + 1 });
      if (s?.name) return s.name;
      return t("match.seat", { seat: seat + 1 });
    },
  };
}
