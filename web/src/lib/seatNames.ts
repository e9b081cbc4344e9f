// How the screens name a seat: the person's name (kept while a bot plays for them, "Nadia · a bot
// plays for now"), "Bot 2" for a bot's seat, "Seat 2" for a free seat; and how a seat is doing
// (here, away with the seconds before a bot takes over, played by a bot).
import { t } from "../i18n/i18n.svelte";
import type { SeatPresence } from "../protocol/frames";
import type { SeatState, Seats } from "../games/types";

// `players`: seats from this number on are roles beyond the players (Ciurme's facilitator).
// `at`: when the presence frame came (Date.now()), from which its graces count down.
export function seatNames(
  presence: SeatPresence[],
  fallback: { seat: number; name: string | null; bot: string | null }[] = [],
  players: number | null = null,
  at: number = 0,
): Seats {
  const bySeat = new Map<number, Partial<SeatPresence> & { name: string | null; bot: string | null }>();
  for (const s of fallback) bySeat.set(s.seat, s);
  for (const s of presence) bySeat.set(s.seat, s);
  const role = (seat: number) => players !== null && seat >= players;
  return {
    count: bySeat.size,
    name(seat: number): string {
      const s = bySeat.get(seat);
      if (role(seat)) return s?.bot ? t("match.facilitator_bot") : t("match.facilitator");
      if (s?.person) return s.covered ? t("match.covered", { name: s.person }) : s.person;
      if (s?.bot) return t("match.bot_seat", { seat: seat + 1 });
      if (s?.name) return s.name;
      return t("match.seat", { seat: seat + 1 });
    },
    plain(seat: number): string {
      const s = bySeat.get(seat);
      return s?.person && !role(seat) ? s.person : this.name(seat);
    },
    state(seat: number, now: number): SeatState {
      const s = bySeat.get(seat);
      const left = s?.grace_left ?? null;
      return {
        here: Boolean(s?.connected) && !s?.covered,
        bot: Boolean(s?.bot) || Boolean(s?.stand_in) || Boolean(s?.covered),
        graceLeft: left === null ? null : Math.max(0, Math.round(left - Math.max(0, now - at) / 1000)),
      };
    },
  };
}

// The seats as the log names them: what a person did stays theirs, so a seat a bot covers now
// is named by its person alone ("Marta", never "Marta · a bot plays for now" for her earlier
// moves and messages).
export function pastNames(seats: Seats): Seats {
  return { ...seats, name: (seat: number) => seats.plain(seat), plain: (seat: number) => seats.plain(seat) };
}
