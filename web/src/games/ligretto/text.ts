// Ligretto in words: its events, what it waits for, and its actions.
import { t, tDynamic, tn } from "../../i18n/i18n.svelte";
import type { EncodedAction, GameEvent, GameView } from "../../protocol/frames";
import type { GameText, Seats } from "../types";
import { ligrettoView } from "./view";

function colours(list: unknown): string {
  return Array.isArray(list) ? list.map((c) => tDynamic(`ligretto.colour.${c}`, {}, String(c))).join("–") : "";
}

function tileCount(list: unknown): number {
  return Array.isArray(list) ? list.length : 0;
}

function pawns(list: unknown): string {
  return Array.isArray(list) ? list.map((p) => Number(p) + 1).join(", ") : "";
}

export const ligrettoText: GameText = {
  event(event: GameEvent, seats: Seats): string {
    const d = event.data;
    const who = typeof d.seat === "number" ? seats.name(d.seat) : "";
    switch (event.kind) {
      case "turned":
        return Array.isArray(d.colours)
          ? t("ligretto.event.turned_tile", { who, colours: colours(d.colours) })
          : t("ligretto.event.turned", { who });
      case "your_tile":
        return t("ligretto.event.your_tile", { colours: colours(d.colours) });
      case "placed":
        return Array.isArray(d.jokers) && d.jokers.length
          ? tn("ligretto.event.placed_jokers", d.jokers.length, { who, colours: colours(d.colours), pawn: Number(d.pawn) + 1 })
          : t("ligretto.event.placed", { who, colours: colours(d.colours), pawn: Number(d.pawn) + 1 });
      case "discarded":
        return Array.isArray(d.colours)
          ? t("ligretto.event.discarded_tile", { who, colours: colours(d.colours) })
          : t("ligretto.event.discarded", { who });
      case "your_discard":
        return t("ligretto.event.your_discard", { colours: colours(d.colours) });
      case "dead_end":
        return t("ligretto.event.dead_end", { who, pawns: pawns(d.pawns) });
      case "restarted":
        return t("ligretto.event.restarted", { who, pawn: Number(d.pawn) + 1, colours: colours(d.colours) });
      case "round_over":
        return d.ending === "ligretto"
          ? t("ligretto.event.round_over_stop", { round: Number(d.round), who: (d.winners as number[]).map((s) => seats.name(s)).join(", ") })
          : t("ligretto.event.round_over", { round: Number(d.round), ending: tDynamic(`ligretto.ending.${d.ending}`, {}, String(d.ending)) });
      case "set_aside":
        return tileCount(d.tiles)
          ? tn("ligretto.event.set_aside", tileCount(d.tiles), { who })
          : t("ligretto.event.set_nothing_aside", { who });
      case "take_back":
        return tn("ligretto.event.take_back", tileCount(d.tiles), { who });
      case "round_started":
        return t("ligretto.event.round_started", { round: Number(d.round) });
      case "pawns_wanted":
        return t("ligretto.event.pawns_wanted");
      case "pawn_placed":
        return t("ligretto.event.pawn_placed");
      case "match_over":
        return t("ligretto.event.match_over");
      default:
        return t("event.unknown", { kind: event.kind });
    }
  },

  awaited(raw: GameView, seat: number | null, seats: Seats, legal: EncodedAction[]): string {
    const view = ligrettoView(raw);
    switch (view.phase) {
      case "play":
        return seat === null ? t("ligretto.await.everybody") : t("ligretto.await.play");
      case "pawns":
        return t("ligretto.await.pawns", { who: seats.name(view.host) });
      case "set_aside":
      case "take_back":
        if (seat !== null && legal.length) return t(view.phase === "set_aside" ? "ligretto.await.your_aside" : "ligretto.await.your_back");
        return t("ligretto.waiting_for", { who: view.pending.map((s) => seats.name(s)).join(", ") });
      case "over":
        return t("match.over");
      default:
        return "";
    }
  },

  action(action: EncodedAction): string {
    switch (action.kind) {
      case "turn":
        return t("ligretto.action.turn");
      case "discard":
        return t("ligretto.action.discard");
      case "place":
        return t("ligretto.action.place", { pawn: Number(action.pawn) + 1, near: Number(action.near), far: Number(action.far) });
      case "restart":
        return t("ligretto.action.restart", { pawn: Number(action.pawn) + 1, onto: Number(action.onto) });
      case "place_pawn":
        return t("ligretto.action.place_pawn", { square: Number(action.square) });
      case "end_round":
        return t("ligretto.action.end_round");
      case "set_aside":
        return tileCount(action.tiles) ? tn("ligretto.action.set_aside", tileCount(action.tiles)) : t("ligretto.aside.none");
      case "take_back":
        return tn("ligretto.action.take_back", tileCount(action.tiles));
      default:
        return t("event.unknown", { kind: action.kind });
    }
  },
};
