// The training room's client logic: its routes, the lobby frame, a vote's count and its timer.
import { describe, expect, it as test } from "vitest";
import { answered, minutesSeconds, myBallot, secondsLeft, waitingFor } from "../src/games/ciurme/room";
import { setLanguage } from "../src/i18n/i18n.svelte";
import { errorText, rejectionText } from "../src/lib/errors";
import { ApiError } from "../src/lib/http";
import { pastNames, seatNames } from "../src/lib/seatNames";
import { gameEntry } from "../src/games/registry";
import { who } from "../src/games/ciurme/text";
import type { GameEvent } from "../src/protocol/frames";
import { initialMatch, reduce } from "../src/lib/match-state";
import { href, parseRoute } from "../src/lib/router";

describe("the training room", () => {
  test("the join page takes its code from the QR's address, never sent to the server", () => {
    expect(parseRoute("/join", "#code=EK9HW7")).toEqual({ page: "join", code: "EK9HW7" });
    expect(parseRoute("/join", "")).toEqual({ page: "join", code: "" });
    expect(href({ page: "join", code: "EK9HW7" })).toBe("/join#code=EK9HW7");
  });

  test("the facilitator's, the projector's and the debrief's pages", () => {
    expect(parseRoute("/session", "")).toEqual({ page: "new-session" });
    expect(parseRoute("/session/abc", "")).toEqual({ page: "session", id: "abc" });
    expect(parseRoute("/projector/abc", "#token=t")).toEqual({ page: "projector", id: "abc", token: "t" });
    expect(parseRoute("/debrief/abc", "")).toEqual({ page: "debrief", id: "abc" });
  });

  test("a lobby frame says who has joined and the status", () => {
    const lobby = { type: "lobby" as const, id: "abc", game: "ciurme", status: "lobby", code: "EK9HW7", players: null, members: [{ member: 0, name: "Ada" }], crews: [[0]] };
    const next = reduce(initialMatch(), lobby);
    expect(next.status).toBe("lobby");
    expect(next.lobby?.members[0].name).toBe("Ada");
  });

  test("a seat opened on another device stays told, whatever error comes after", () => {
    const told = reduce(initialMatch(), { type: "error", error: "this seat was opened on another device", code: "seat_elsewhere" });
    expect(told.elsewhere).toBe(true);
    expect(reduce(told, { type: "error", error: "too many messages" }).elsewhere).toBe(true);
    expect(reduce(initialMatch(), { type: "error", error: "too many messages" }).elsewhere).toBe(false);
  });

  test("the way back's refusals are said in the reader's language", () => {
    setLanguage("it");
    const wrong = new ApiError("that name and personal code are nobody's", 403, "wrong_personal_code");
    expect(errorText(wrong)).toContain("codice personale");
    setLanguage("en");
    expect(errorText(new ApiError("too many", 429, "too_many_codes", { seconds: 12 }))).toContain("12 s");
  });

  test("a vote's count of answers", () => {
    const vote = { crew: 0, topic: "quartermaster", runoff: false, candidates: [0, 1], voters: [0, 1, 2], cast: [true, false, true], awaiting_facilitator: false, proposer: null, seconds: 120, clock: "vote 3" };
    expect(answered(vote)).toEqual({ done: 2, all: 3 });
  });

  test("a vote's time left counts down from what the server measured, not from when this screen saw it", () => {
    const vote = { crew: 0, topic: "quartermaster", runoff: false, candidates: [0, 1], voters: [0, 1], cast: [false, false], awaiting_facilitator: false, proposer: null, seconds: 120, clock: "vote 3" };
    const frame = { type: "state" as const, seat: 0, view: { votes: [vote] }, legal: [], step: 4, status: "running", clocks: { "vote 3": 75.4 } };
    const match = reduce(initialMatch(), frame, 1_000_000);
    expect(secondsLeft(vote, match.clocks, 1_000_000)).toBe(75);
    expect(secondsLeft(vote, match.clocks, 1_010_000)).toBe(65);
    expect(secondsLeft(vote, match.clocks, 1_200_000)).toBe(0);
    expect(minutesSeconds(65)).toBe("1:05");
    // Paused, the clock stands still; a vote without a running clock has no time left to show.
    const paused = reduce(initialMatch(), { ...frame, status: "paused" }, 1_000_000);
    expect(secondsLeft(vote, paused.clocks, 1_060_000)).toBe(75);
    expect(secondsLeft({ ...vote, clock: "vote 4" }, match.clocks, 1_000_000)).toBeNull();
  });

  test("a motion to depose tells the crew how many answered, never who", () => {
    const motion = { crew: 0, topic: "deposition", runoff: false, candidates: [0, 1], voters: [1, 2, 3], answered: 2, awaiting_facilitator: false, seconds: 60, clock: "vote 9", my_ballot: -2 };
    expect(answered(motion)).toEqual({ done: 2, all: 3 });
    expect(waitingFor(motion)).toBeNull();
    expect(myBallot(motion, 2)).toBe(-2);
    expect(myBallot(motion, 0)).toBeNull();
    const election = { ...motion, topic: "quartermaster", cast: [true, false, true], answered: 2 };
    expect(waitingFor(election)).toEqual([2]);
  });

  test("a person keeps their name while a bot plays for them; an away seat counts down", () => {
    setLanguage("en");
    const presence = [
      { seat: 0, name: "Nadia", connected: false, bot: "heuristic", stand_in: false, person: "Nadia", covered: true },
      { seat: 1, name: "bot (heuristic)", connected: false, bot: "heuristic", stand_in: false },
      { seat: 2, name: "Carla", connected: false, bot: null, stand_in: false, person: "Carla", covered: false, grace_left: 30 },
      { seat: 3, name: "facilitator", connected: true, bot: null, stand_in: false },
    ];
    const seats = seatNames(presence, [], 3, 1_000_000);
    expect(seats.name(0)).toBe("Nadia · a bot plays for now");
    expect(seats.plain(0)).toBe("Nadia");
    expect(seats.name(1)).toBe("Bot 2");
    expect(seats.name(3)).toBe("Facilitator");
    expect(seats.state(2, 1_010_000)).toEqual({ here: false, bot: false, graceLeft: 20 });
    expect(seats.state(0, 1_010_000).bot).toBe(true);
    // What Nadia did before her phone died stays hers in the log: no bot's words on it.
    const moved = { kind: "moved", data: { seat: 0, start: "island", end: "lifeboat" } } as unknown as GameEvent;
    expect(gameEntry("ciurme").text.event(moved, pastNames(seats))).toMatch(/^Nadia moved to the /);
    // The projector names a captain placing a stamp who is away, with the time before a bot does.
    expect(who(2, seats, 1_010_000)).toBe("Carla (away: a bot takes over in 0:20)");
    setLanguage("it");
    expect(who(2, seats, 1_010_000)).toBe("Carla (assente: un bot subentra tra 0:20)");
    setLanguage("en");
    expect(pastNames(seats).name(1)).toBe("Bot 2");
    setLanguage("it");
    expect(gameEntry("ciurme").text.event(moved, pastNames(seats))).not.toMatch(/bot/);
  });

  test("an unforeseen failure says something went wrong; a refusal is its own sentence", () => {
    setLanguage("it");
    expect(errorText(new Error("Failed to fetch"))).toBe("Qualcosa è andato storto: Failed to fetch");
    expect(errorText(new ApiError("Questa sessione è finita.", 409, "session_over"))).toBe("Questa sessione è finita.");
  });

  test("errors and refusals in the reader's language, from their codes", () => {
    setLanguage("it");
    expect(errorText(new ApiError("the session has started and every seat is a person's", 409, "session_full"))).toMatch(/ogni posto/);
    expect(errorText(new ApiError("something new", 409, "no_such_code"))).toBe("something new");
    expect(rejectionText("it is not your turn", "illegal")).toBe("quella mossa non è più possibile");
    setLanguage("en");
    expect(rejectionText("it is not your turn", "illegal")).toBe("it is not your turn");
    expect(rejectionText("the match is paused", "status_paused")).toBe("the game is paused");
  });

  test("a game's own reason in the reader's language, where the game gave it", () => {
    const reasons = { it: "non è il turno della tua ciurma" };
    setLanguage("it");
    expect(rejectionText("it is not your crew's turn", "illegal", reasons)).toBe("non è il turno della tua ciurma");
    expect(rejectionText("it is not your crew's turn", "illegal", {})).toBe("quella mossa non è più possibile");
    setLanguage("en");
    expect(rejectionText("it is not your crew's turn", "illegal", reasons)).toBe("it is not your crew's turn");
  });
});
