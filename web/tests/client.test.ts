// The client's own logic: the match reducer, routes, held seats, bots and options.
import { describe, expect, it as test } from "vitest";
import { botsOf, botSpec, defaultPlan } from "../src/lib/bots";
import { EVENTS_KEPT, initialMatch, reconnecting, reduce, sent } from "../src/lib/match-state";
import { asOption, changedOptions, fieldOf } from "../src/lib/options";
import { href, parseRoute, tokenOf } from "../src/lib/router";
import { forgetSeat, keepSeat, readSeats, seatFor } from "../src/lib/seats";

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe("the match reducer", () => {
  const state = { type: "state" as const, seat: 1, view: { round: 1 }, legal: [{ kind: "turn" }], step: 4, status: "running" };

  test("a state frame replaces the view, legal actions and step", () => {
    const next = reduce(initialMatch(), state);
    expect(next).toMatchObject({ seat: 1, view: { round: 1 }, step: 4, status: "running" });
  });

  test("an older state after a reconnection is ignored", () => {
    const now = reduce(initialMatch(), state);
    expect(reduce(now, { ...state, step: 2, view: { round: 0 } })).toBe(now);
  });

  test("events are kept in order, the last ones only", () => {
    let s = initialMatch();
    for (let i = 0; i < EVENTS_KEPT + 5; i++) {
      s = reduce(s, { type: "event", step: i, seat: 0, event: { kind: "turned", data: {} } });
    }
    expect(s.events).toHaveLength(EVENTS_KEPT);
    expect(s.events[0].step).toBe(5);
    expect(new Set(s.events.map((e) => e.id)).size).toBe(EVENTS_KEPT);
  });

  test("a sent action waits for its answer; a rejection says why", () => {
    let s = sent(initialMatch(), "a1");
    expect(s.waiting).toEqual(["a1"]);
    s = reduce(s, { type: "rejected", ref: "a1", reason: "it is not your turn" });
    expect(s).toMatchObject({ waiting: [], rejection: "it is not your turn" });
    s = reduce(sent(s, "a2"), { type: "accepted", ref: "a2", step: 5 });
    expect(s).toMatchObject({ waiting: [], rejection: null });
  });

  test("presence and errors are kept; a reconnection forgets pending actions", () => {
    let s = reduce(initialMatch(), { type: "presence", status: "running", seats: [{ seat: 0, name: "Ada", connected: true, bot: null }], spectators: 2 });
    expect(s).toMatchObject({ spectators: 2, status: "running" });
    s = reduce(s, { type: "error", error: "that token does not open this match" });
    expect(s.error).toBe("that token does not open this match");
    expect(reconnecting(sent(s, "a9")).waiting).toEqual([]);
  });
});

describe("routes", () => {
  test("the server's invite and watch links open their pages with the token", () => {
    expect(parseRoute("/play/AbC-1", "#token=xyz")).toEqual({ page: "play", id: "AbC-1", token: "xyz" });
    expect(parseRoute("/watch/AbC-1", "")).toEqual({ page: "watch", id: "AbC-1", token: null });
    expect(parseRoute("/", "")).toEqual({ page: "home" });
    expect(parseRoute("/app/", "")).toEqual({ page: "home" });
    expect(parseRoute("/rules/castell")).toEqual({ page: "rules", game: "castell" });
    expect(parseRoute("/nope/x")).toEqual({ page: "missing", path: "/nope/x" });
    expect(tokenOf("#token=")).toBeNull();
    expect(href({ page: "replay", id: "m1" })).toBe("/replay/m1");
  });
});

describe("held seats", () => {
  test("a seat is kept, updated, found and forgotten", () => {
    const storage = memoryStorage();
    keepSeat(storage, { id: "m1", game: "castell", seat: 0, token: "t0", host: "h", since: 1 });
    keepSeat(storage, { id: "m1", game: "castell", seat: 1, token: "t1", since: 2 });
    expect(seatFor(storage, "m1")).toMatchObject({ seat: 1, token: "t1", host: "h" });
    forgetSeat(storage, "m1");
    expect(readSeats(storage)).toEqual([]);
  });

  test("a broken store reads as empty", () => {
    expect(readSeats({ getItem: () => "{not json", setItem: () => undefined })).toEqual([]);
  });
});

describe("creating a match", () => {
  test("bots by seat, with levels as the server's specs", () => {
    const plan = defaultPlan(3);
    expect(plan[0]).toEqual({ kind: "me" });
    expect(botsOf(plan, false)).toEqual({ "1": "heuristic:level=casual", "2": "heuristic:level=casual" });
    expect(botSpec("strong", true)).toBe("heuristic:level=expert");
    expect(botSpec("strong", false)).toMatch(/^mcts:/);
  });

  test("options become fields, and only changed ones are sent", () => {
    const options = [
      asOption({ name: "advanced", type: "bool", default: false, choices: null, range: null, help: "" }),
      asOption({ name: "colours", type: "int", default: 5, choices: [4, 5, 6], range: null, help: "" }),
      asOption({ name: "individual_boards", type: "tuple", default: [], choices: null, range: null, help: "" }),
    ];
    expect(options.map((o) => fieldOf(o)?.kind ?? null)).toEqual(["bool", "choice", null]);
    expect(changedOptions(options, { advanced: true, colours: 5 })).toEqual({ advanced: true });
  });
});
