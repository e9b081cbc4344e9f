// A game's title and pitch in the reader's language; the server's title for games the
// translations do not know yet.
import { hasKey, t, tDynamic } from "../i18n/i18n.svelte";

export function gameTitle(name: string, serverTitle?: string | null): string {
  return tDynamic(`game.${name}.title`, {}, serverTitle || name);
}

export function gamePitch(name: string): string | null {
  const key = `game.${name}.pitch`;
  return hasKey(key) ? tDynamic(key) : null;
}

// How many play it: "2 players" where the table has one size, else "2–4 players".
export function playerCount(min: number, max: number): string {
  return min === max ? t("home.players_exactly", { count: min }) : t("home.players", { min, max });
}
