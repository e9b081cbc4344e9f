// The client's own logic: the match reducer, routes, held seats, bots and options.
import { describe, expect, it as test } from "vitest";
import { botsOf, botSpec, defaultPlan, levelsOf } from "../src/lib/bots";
import { keepResults, recordsFor } from "../src/lib/results";
import { initialMatch, reconnecting, reduce, secondsLeft, sent } from "../src/lib/match-state";
import { asOption, changedOptions, fieldOf } from "../src/lib/options";
import { href, parseRoute, tokenOf } from "../src/lib/router";
import { forgetSeat, keepSeat, readSeats, seatFor } from "../src/lib/seats";
import { retryDelay, SERVICE_RESTART, SILENT_MS, silent } from "../src/lib/retry";

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

  const told = (step: number, kind = "turned", round: number | null = 1) => ({ step, seat: 0, round, event: { kind, data: {} } });

  test("the story so far replaces the log; each step's events follow it, each once", () => {
    let s = reduce(initialMatch(), { type: "event", ...told(1, "stale") });
    s = reduce(s, { type: "history", before: null, more: true, events: [told(3), told(3, "moved"), told(4)] });
    expect(s.events.map((e) => e.key)).toEqual(["3.0", "3.1", "4.0"]);
    expect(s.olderEvents).toBe(true);
    s = reduce(s, { type: "event", ...told(5, "moved", 2) });
    s = reduce(s, { type: "event", ...told(5, "turn", 2) });
    s = reduce(s, { type: "event", ...told(4) }); // told twice across a reconnection
    expect(s.events.map((e) => [e.key, e.round])).toEqual([["3.0", 1], ["3.1", 1], ["4.0", 1], ["5.0", 2], ["5.1", 2]]);
  });

  test("a step a bot sent is kept as a bot's, for the log to mark a stand-in's move", () => {
    let s = reduce(initialMatch(), { type: "history", before: null, more: false, events: [told(1), { ...told(2), bot: true }] });
    s = reduce(s, { type: "event", ...told(3), bot: true });
    expect(s.events.map((e) => Boolean(e.bot))).toEqual([false, true, true]);
  });

  test("an older page goes before the first event, without repeating any", () => {
    let s = reduce(initialMatch(), { type: "history", before: null, more: true, events: [told(3), told(4)] });
    s = reduce(s, { type: "history", before: 3, more: false, events: [told(1), told(2), told(2, "b")] });
    expect(s.events.map((e) => e.key)).toEqual(["1.0", "2.0", "2.1", "3.0", "4.0"]);
    expect(s.olderEvents).toBe(false);
  });

  test("undo, the gathering and the clocks come with the state", () => {
    const s = reduce(initialMatch(), { ...state, undo: true, gathering: { key: "round 1", ready: [0], waiting: [1], starts_in: null } }, 1000);
    expect(s).toMatchObject({ undo: true, gathering: { waiting: [1] }, gatheringAt: 1000 });
    expect(secondsLeft(3, 1000, 2500)).toBe(2);
    expect(secondsLeft(null, 0, 0)).toBeNull();
  });

  test("a sent action waits for its answer; a rejection says why", () => {
    let s = sent(initialMatch(), "a1");
    expect(s.waiting).toEqual(["a1"]);
    s = reduce(s, { type: "rejected", ref: "a1", reason: "it is not your turn" });
    expect(s).toMatchObject({ waiting: [], rejection: "it is not your turn" });
    expect(s.rejectionReasons).toBeNull();
    s = reduce(sent(s, "a3"), { type: "rejected", ref: "a3", reason: "not now", code: "illegal", reasons: { it: "non ora" } });
    expect(s).toMatchObject({ rejection: "not now", rejectionReasons: { it: "non ora" } });
    s = reduce(sent(s, "a2"), { type: "accepted", ref: "a2", step: 5 });
    expect(s).toMatchObject({ waiting: [], rejection: null, rejectionReasons: null });
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
  const levels = [
    { name: "easy", spec: "random", elo: 1100 },
    { name: "normal", spec: "heuristic", elo: 1500 },
    { name: "strong", spec: "mcts", elo: null },
  ];

  test("bots by seat, each level played by the spec of the game's table", () => {
    const plan = defaultPlan(3);
    expect(plan[0]).toEqual({ kind: "me" });
    expect(botsOf(plan, levels)).toEqual({ "1": "heuristic", "2": "heuristic" });
    expect(levelsOf(plan)).toEqual({ "1": "normal", "2": "normal" });
    expect(botSpec(levels, "strong")).toBe("mcts");
    expect(() => botSpec([], "strong")).toThrow(/no strong bot/);
  });

  test("results against each level are kept once per match, newest last", () => {
    const kept = new Map<string, string>();
    const store = { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => void kept.set(k, v) };
    const bots = { "1": "strong", "2": "easy" } as const;
    keepResults(store, { id: "a", game: "castell", seat: 0, bots, ranks: [2, 1, 3] }, 1);
    keepResults(store, { id: "a", game: "castell", seat: 0, bots, ranks: [2, 1, 3] }, 2); // again
    keepResults(store, { id: "b", game: "castell", seat: 0, bots: { "1": "strong" }, ranks: [1, 1] }, 3);
    keepResults(store, { id: "c", game: "goofspiel", seat: 1, bots: { "0": "strong" }, ranks: [2, 1] }, 4);
    const records = recordsFor(store, "castell");
    expect(records.strong).toEqual({ played: 2, wins: 0, draws: 1, recent: ["loss", "draw"] });
    expect(records.easy).toEqual({ played: 1, wins: 1, draws: 0, recent: ["win"] });
    expect(records.normal).toBeUndefined();
    expect(recordsFor(store, "goofspiel").strong?.wins).toBe(1);
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

describe("reconnecting", () => {
  test("a server that restarts is left at once; a lost connection is tried again ever later", () => {
    expect(retryDelay(SERVICE_RESTART, 0)).toBe(0);
    expect(retryDelay(SERVICE_RESTART, 1)).toBeGreaterThan(0); // the next server restarts too
    expect(retryDelay(1006, 0)).toBe(300);
    expect(retryDelay(1006, 9)).toBe(4000);
  });

  test("a socket that hears nothing, not even a pong, is given up", () => {
    expect(silent(1000, 1000 + SILENT_MS)).toBe(false);
    expect(silent(1000, 1001 + SILENT_MS)).toBe(true);
  });
});
