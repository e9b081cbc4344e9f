// Bot levels offered when creating a match, as the server's bot specs.
export const BOT_LEVELS = ["easy", "normal", "strong"] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

// The strong level searches (MCTS) in turn-based games; in a real-time game its strength is
// quick, sure placements, so it is the heuristic at an expert's speed.
export function botSpec(level: BotLevel, realTime: boolean): string {
  switch (level) {
    case "easy":
      return "random:level=beginner";
    case "normal":
      return "heuristic:level=casual";
    case "strong":
      return realTime
        ? "heuristic:level=expert"
        : "mcts:iterations=8:rollout=heuristic:horizon=10:bias=2:level=expert";
  }
}

// Who plays a seat: you, a friend (the seat is kept for their invite link), anyone (an open
// seat, taken from the list of matches), or a bot.
export type SeatPlan = { kind: "me" } | { kind: "friend" } | { kind: "open" } | { kind: "bot"; level: BotLevel };

// The body's `open_seats`: the seats anyone may take.
export function openSeatsOf(plan: SeatPlan[]): number[] {
  return plan.flatMap((seat, index) => (seat.kind === "open" ? [index] : []));
}

// The body's `bots` map: seat number (as text) -> spec, for every seat a bot plays.
export function botsOf(plan: SeatPlan[], realTime: boolean): Record<string, string> {
  const bots: Record<string, string> = {};
  plan.forEach((seat, index) => {
    if (seat.kind === "bot") bots[String(index)] = botSpec(seat.level, realTime);
  });
  return bots;
}

export function defaultPlan(players: number, previous: SeatPlan[] = []): SeatPlan[] {
  return Array.from({ length: players }, (_, i): SeatPlan =>
    previous[i] ?? (i === 0 ? { kind: "me" } : { kind: "bot", level: "normal" }),
  );
}
