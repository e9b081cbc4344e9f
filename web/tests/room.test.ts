// The training room's client logic: its routes, the lobby frame, a vote's count and its timer.
import { describe, expect, it as test } from "vitest";
import { answered, minutesSeconds, secondsLeft } from "../src/games/ciurme/room";
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
});
