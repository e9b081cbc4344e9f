// Castell in words: its events, what it waits for, and its actions.
import { t, tDynamic, tn } from "../../i18n/i18n.svelte";
import type { EncodedAction, GameEvent, GameView } from "../../protocol/frames";
import type { GameText, Seats } from "../types";
import { castellView } from "./view";

export function skillName(skill: string): string {
  return tDynamic(`castell.skill.${skill}`, {}, skill);
}

export function prizeName(prize: string): string {
  return tDynamic(`castell.prize.${prize}`, {}, prize);
}

export function towerText(tower: unknown): string {
  if (!Array.isArray(tower)) return "";
  return tower.map((level) => (Array.isArray(level) ? level.join("·") : String(level))).join(" / ");
}

// A tower's skill uses, as the game counted them: "Balance ×1, Mix ×2", or "no skill".
export function skillList(uses: unknown): string {
  const used = Object.entries((uses ?? {}) as Record<string, number>).filter(([, n]) => n > 0);
  if (used.length === 0) return t("castell.event.no_skill");
  return used.map(([skill, n]) => `${skillName(skill)} ×${n}`).join(", ");
}

function sizes(list: unknown): string {
  return Array.isArray(list) ? list.join(", ") : String(list);
}

function sourceName(source: unknown): string {
  return source === "all_regions" ? t("castell.all_regions") : t("castell.your_region");
}

export const castellText: GameText = {
  event(event: GameEvent, seats: Seats): string {
    const d = event.data;
    const who = typeof d.seat === "number" ? seats.name(d.seat) : "";
    switch (event.kind) {
      case "moved":
        return t("castell.event.moved", { who, region: String(d.region) });
      case "recruited":
        return t("castell.event.recruited", { who, sizes: sizes(d.sizes), region: String(d.region) });
      case "trained":
        return t("castell.event.trained", { who, skill: skillName(String(d.skill)), rank: Number(d.rank) });
      case "special_move":
        return spent(t("castell.event.special_move", { who, region: String(d.region) }), d);
      case "special_recruit":
        return spent(t("castell.event.special_recruit", { who, size: Number(d.size), region: String(d.region) }), d);
      case "trained_special":
        return t("castell.event.trained_special", { who });
      case "performed":
        return t("castell.event.performed", {
          who,
          region: String(d.region),
          tower: towerText(d.tower),
          skills: skillList(d.skills),
          points: tn("castell.event.points", Number(d.points)),
          tokens: tn("castell.boards.collected", Number(d.tokens_collected ?? 0)),
        });
      case "end_turn":
        return t("castell.event.end_turn", { who });
      case "turn":
        return t("castell.event.turn", { who });
      case "round":
        return t("castell.event.round", { round: Number(d.round), first: seats.name(Number(d.first)) });
      case "festival":
        return t("castell.event.festival", { region: String(d.region), tokens: sizes(d.tokens) });
      case "declared":
        return t("castell.event.declared", { who });
      case "declaration":
        return t("castell.event.declaration", { tower: towerText(d.tower) });
      case "festival_result":
        return festivalResult(d, seats);
      case "game_over":
        return t("castell.event.game_over");
      default:
        return tDynamic(`castell.event.${event.kind}`, {}, t("event.unknown", { kind: event.kind }));
    }
  },

  awaited(raw: GameView, seat: number | null, seats: Seats, legal: EncodedAction[]): string {
    const view = castellView(raw);
    if (view.phase === "over") return t("match.over");
    if (view.phase === "festival" && view.festival) {
      const waiting = view.festival.seats.filter((s) => !view.festival!.declared.includes(s));
      if (seat !== null && waiting.includes(seat) && legal.length) {
        return t("castell.await.your_festival", { region: view.festival.region });
      }
      return t("castell.await.festival", {
        region: view.festival.region,
        who: waiting.map((s) => seats.name(s)).join(", ") || "—",
      });
    }
    if (view.current !== null && view.current === seat) return t("castell.await.your_turn");
    if (view.current !== null) return t("castell.await.turn_of", { who: seats.name(view.current) });
    return "";
  },

  action(action: EncodedAction): string {
    switch (action.kind) {
      case "move":
        return t("castell.action.move", { region: String(action.region) });
      case "special_move":
        return t("castell.action.special_move", { region: String(action.region) });
      case "recruit":
        return t("castell.action.recruit", { sizes: sizes(action.sizes) });
      case "special_recruit":
        return t("castell.action.special_recruit", { size: Number(action.size) });
      case "train":
        return action.skill === "special"
          ? t("castell.action.train_special", { source: sourceName(action.source) })
          : t("castell.action.train", { skill: skillName(String(action.skill)), source: sourceName(action.source) });
      case "perform":
        return t("castell.action.perform", { tower: towerText(action.tower) });
      case "end_turn":
        return t("castell.action.end_turn");
      case "declare":
        return t("castell.action.declare", { tower: towerText(action.tower) });
      case "abstain":
        return t("castell.action.abstain");
      default:
        return t("event.unknown", { kind: action.kind });
    }
  },
};

// A special action says what it cost: a special token, or nothing (the Special tile's free one).
function spent(line: string, d: Record<string, unknown>): string {
  if (d.token_spent === undefined) return line;
  return `${line} ${t(d.token_spent ? "castell.event.token_spent" : "castell.event.token_free")}`;
}

function festivalResult(d: Record<string, unknown>, seats: Seats): string {
  const scores = (d.scores ?? {}) as Record<string, number>;
  const skills = (d.skills ?? {}) as Record<string, unknown>;
  const entries = Object.entries(scores);
  if (entries.length === 0) return t("castell.event.festival_empty", { region: String(d.region) });
  const list = entries
    .sort((a, b) => b[1] - a[1])
    .map(([s, score]) => t("castell.event.festival_score", { who: seats.name(Number(s)), score, skills: skillList(skills[s]) }))
    .join("; ");
  // Who won what: each prize (the trophy first) and each size token, by its winner.
  const won = [
    ...((d.prizes ?? []) as [number, string][]).map(([s, prize]) => t("castell.event.festival_won", { who: seats.name(s), what: prizeName(prize) })),
    ...((d.size_tokens ?? []) as [number, number][]).map(([s, size]) => t("castell.event.festival_won", { who: seats.name(s), what: t("castell.results.size_token", { size }) })),
  ];
  const line = t("castell.event.festival_result", { region: String(d.region), list });
  return won.length ? `${line} ${t("castell.event.festival_prizes", { list: won.join(", ") })}` : line;
}
