// Generated from the server's Pydantic models by web/scripts/generate-types.mjs: do not edit.
// Regenerate with `make web-types`.

export interface LudotecaProtocol {}
/**
 * The action of `ref` is stored, as step `step`.
 *
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "AcceptedFrame".
 */
export interface AcceptedFrame {
  earlier?: boolean;
  ref: string | number | null;
  step: number;
  type: "accepted";
  [k: string]: unknown;
}
/**
 * An action of the client's seat, answered by `accepted` or `rejected` with its ref.
 *
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "ActionFrame".
 */
export interface ActionFrame {
  action: {
    [k: string]: unknown;
  };
  ref?: string | number | null;
  seat?: number | null;
  type: "action";
  [k: string]: unknown;
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "Balance".
 */
export interface Balance {
  /**
   * seats the crews are balanced for (more than the people joined leaves seats for bots); default: one per person
   */
  players?: number | null;
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "ChangePassword".
 */
export interface ChangePassword {
  current: string;
  new: string;
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "ClaimMatch".
 */
export interface ClaimMatch {
  match_id: string;
  /**
   * a seat's, a session member's or the host's token
   */
  token: string;
}
/**
 * Someone who joined with the name of a person who is away, asking for that seat.
 *
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "ClaimOut".
 */
export interface ClaimOut {
  at: number;
  claim: number;
  member: number;
  name: string;
  seat: number | null;
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "ClaimStatus".
 */
export interface ClaimStatus {
  member?: number | null;
  seat?: number | null;
  status: "waiting" | "given" | "refused";
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "Confirm".
 */
export interface Confirm {
  /**
   * your password, to be sure it is you
   */
  password: string;
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "CreateMatch".
 */
export interface CreateMatch {
  /**
   * seconds a bot waits before a move in a turn-based game
   */
  bot_pause?: number | null;
  /**
   * seats played by a bot: {"1": "heuristic:level=expert"}
   */
  bots?: {
    /**
     * This interface was referenced by `undefined`'s JSON-Schema definition
     * via the `patternProperty` "^[0-9]{1,3}$".
     */
    [k: string]: string;
  } | null;
  /**
   * a game name from GET /api/games
   */
  game: string;
  /**
   * seconds before a bot plays a seat whose player left; never: only when the host says; default: the game's own
   */
  grace?: number | "never" | null;
  /**
   * seats anyone may take from the lobby; every other seat a person plays is kept for its invite link
   */
  open_seats?: number[] | null;
  /**
   * the game's options by name
   */
  options?: {
    [k: string]: unknown;
  } | null;
  players: number;
  /**
   * the same seed plays the same match
   */
  seed?: number | null;
  /**
   * who may watch: anyone, or only holders of the spectator link
   */
  spectators?: "anyone" | "link";
  /**
   * per-seat time banks (turn games)
   */
  time_bank?: TimeBankIn | null;
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "TimeBankIn".
 */
export interface TimeBankIn {
  /**
   * seconds added after each move
   */
  per_move?: number;
  /**
   * the bank each seat starts with
   */
  seconds: number;
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "CreateSession".
 */
export interface CreateSession {
  bot_pause?: number | null;
  /**
   * default: the game run with a facilitator
   */
  game?: string | null;
  /**
   * seconds a person's phone may be away before a bot plays the seat until it is back (never: only when the facilitator says); default 45
   */
  grace?: number | "never" | null;
  options?: {
    [k: string]: unknown;
  } | null;
  /**
   * seats expected (optional)
   */
  players?: number | null;
  seed?: number | null;
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "CreatedMatch".
 */
export interface CreatedMatch {
  game: string;
  host_token: string;
  id: string;
  seats: SeatOut[];
  spectator_token: string;
  spectator_url: string;
  status: string;
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "SeatOut".
 */
export interface SeatOut {
  bot?: string | null;
  invite_url: string | null;
  seat: number;
  token: string | null;
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "CreatedSession".
 */
export interface CreatedSession {
  code: string;
  facilitator_token: string;
  id: string;
  join_url: string;
  spectator_token: string;
  spectator_url: string;
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "Done".
 */
export interface Done {
  ok?: boolean;
  status: string;
}
/**
 * A frame that could not be used (not JSON, too big, too many, an unknown type): it
 * changed nothing, and the connection stays open.
 *
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "ErrorFrame".
 */
export interface ErrorFrame {
  code?: string | null;
  error: string;
  type: "error";
  [k: string]: unknown;
}
/**
 * What an action did, as the game's event says it.
 *
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "EventBody".
 */
export interface EventBody {
  data: {
    [k: string]: unknown;
  };
  kind: string;
  [k: string]: unknown;
}
/**
 * What one step did, only the events this seat may see, in order.
 *
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "EventFrame".
 */
export interface EventFrame {
  bot?: boolean;
  event: EventBody;
  round?: number | null;
  seat: number | null;
  step: number;
  type: "event";
  [k: string]: unknown;
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "Fellow".
 */
export interface Fellow {
  id: string;
  matches: number;
  name: string;
}
/**
 * A frame of live play, one JSON object with its `type`.
 *
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "Frame".
 */
export interface Frame {
  [k: string]: unknown;
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "GameOut".
 */
export interface GameOut {
  abandoned_seat_grace: number | null;
  facilitated: boolean;
  levels: LevelOut[];
  max_players: number;
  min_players: number;
  name: string;
  options: {
    [k: string]: unknown;
  }[];
  real_time: boolean;
  title: string;
}
/**
 * A bot level people choose by (easy, normal, strong): its spec, measured Elo and the
 * plain strategies (habits people play by) it was measured to beat.
 *
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "LevelOut".
 */
export interface LevelOut {
  beats?: string[];
  elo: number | null;
  name: string;
  spec: string;
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "GameRating".
 */
export interface GameRating {
  game: string;
  levels: LevelAgainst[];
  matches: number;
  rating: number;
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "LevelAgainst".
 */
export interface LevelAgainst {
  elo: number;
  /**
   * the share of duels you are expected to win
   */
  expected: number;
  level: string;
}
/**
 * A stretch of real-time play held until the people at the table are ready (a Ligretto
 * round): who is ready, who is awaited, and the seconds to the start once everybody is.
 *
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "Gathering".
 */
export interface Gathering {
  key: string;
  ready: number[];
  starts_in: number | null;
  waiting: number[];
  [k: string]: unknown;
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "Health".
 */
export interface Health {
  error?: string | null;
  matches_driven: number;
  matches_live: number;
  ok: boolean;
}
/**
 * The client's first frame: who it is. Its token is never in an address or a log.
 *
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "HelloFrame".
 */
export interface HelloFrame {
  name?: string | null;
  token?: string | null;
  type: "hello";
  [k: string]: unknown;
}
/**
 * The events this seat may see of the steps before `before` (None: of every step so far,
 * sent on connecting, before the state), oldest first; `more`: older ones are left for
 * another page (ask with a `history` frame).
 *
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "HistoryFrame".
 */
export interface HistoryFrame {
  before?: number | null;
  events: LoggedEvent[];
  more: boolean;
  type: "history";
  [k: string]: unknown;
}
/**
 * One event of a `history` frame: an `event` frame without its type.
 *
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "LoggedEvent".
 */
export interface LoggedEvent {
  bot?: boolean;
  event: EventBody;
  round?: number | null;
  seat: number | null;
  step: number;
  [k: string]: unknown;
}
/**
 * An older page of the match's events: those of the steps before `before`.
 *
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "HistoryRequestFrame".
 */
export interface HistoryRequestFrame {
  before: number;
  type: "history";
  [k: string]: unknown;
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "InviteAgain".
 */
export interface InviteAgain {
  /**
   * a game name from GET /api/games
   */
  game: string;
  /**
   * the game's options by name
   */
  options?: {
    [k: string]: unknown;
  } | null;
  /**
   * the accounts to invite: people you played with
   *
   * @minItems 1
   * @maxItems 99
   */
  people: [string, ...string[]];
  /**
   * seats in all (default: you and them); the seats beyond are open to anyone
   */
  players?: number | null;
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "JoinMatch".
 */
export interface JoinMatch {
  name: string;
  seat?: number | null;
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "JoinSession".
 */
export interface JoinSession {
  code: string;
  name: string;
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "Joined".
 */
export interface Joined {
  claim?: number | null;
  id: string;
  late?: boolean;
  member?: number | null;
  personal_code?: string | null;
  seat: number | null;
  token: string;
}
/**
 * A session's lobby before its start: its members, crews, code and the plan of seats.
 *
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "LobbyFrame".
 */
export interface LobbyFrame {
  code: string | null;
  crews: number[][];
  game: string;
  id: string;
  members: LobbyMember[];
  members_cap?: number | null;
  plan?: LobbyPlan | null;
  players: number | null;
  status: string;
  type: "lobby";
  [k: string]: unknown;
}
/**
 * A person in a session's lobby, by their number in it.
 *
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "LobbyMember".
 */
export interface LobbyMember {
  member: number;
  name: string;
  [k: string]: unknown;
}
/**
 * How the people will be seated at the start: the seats in all, each crew's seats (crews
 * past the lobby's are bots only), how many bots each gets, and each one's flag; or why the
 * crews do not fit (`error`, with `code` and `params`).
 *
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "LobbyPlan".
 */
export interface LobbyPlan {
  bots?: number[];
  code?: string | null;
  error?: string | null;
  flags?: string[];
  params?: {
    [k: string]: unknown;
  } | null;
  players?: number | null;
  sizes?: number[];
  [k: string]: unknown;
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "MatchBack".
 */
export interface MatchBack {
  name: string;
  personal_code: string;
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "MatchSummary".
 */
export interface MatchSummary {
  created_at: number;
  finished_at: number | null;
  free_seats: number;
  game: string;
  id: string;
  players: number | null;
  rated?: boolean;
  result?: {
    [k: string]: unknown;
  } | null;
  seats: SeatSummary[];
  session: boolean;
  started_at: number | null;
  status: string;
  step: number;
  title: string;
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "SeatSummary".
 */
export interface SeatSummary {
  bot: string | null;
  connected: boolean;
  name: string | null;
  /**
   * free for anyone to take (not kept for an invite)
   */
  open?: boolean;
  seat: number;
  taken: boolean;
}
/**
 * Who this device is signed in as (nobody: `signed_in` false), and what accounts are on
 * this server (off, optional, required to create matches and sessions).
 *
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "Me".
 */
export interface Me {
  accounts: "off" | "optional" | "required";
  /**
   * send it as X-CSRF-Token with every write
   */
  csrf_token?: string | null;
  id?: string | null;
  name?: string | null;
  signed_in: boolean;
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "MemberOut".
 */
export interface MemberOut {
  member: number;
  name: string;
  seat: number | null;
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "MergeMembers".
 */
export interface MergeMembers {
  /**
   * the entry they keep (their own seat)
   */
  into: number;
  /**
   * the newer entry of the person
   */
  member: number;
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "MoveMember".
 */
export interface MoveMember {
  /**
   * a crew's index; one past the last: a new crew
   */
  crew: number;
  member: number;
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "PasskeyAdded".
 */
export interface PasskeyAdded {
  id: string;
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "PasskeyAnswer".
 */
export interface PasskeyAnswer {
  ceremony: string;
  credential: {
    [k: string]: unknown;
  };
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "PasskeyOptions".
 */
export interface PasskeyOptions {
  /**
   * send it back with the browser's answer
   */
  ceremony: string;
  /**
   * the publicKey options, as JSON
   */
  options: {
    [k: string]: unknown;
  };
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "PersonMatchOut".
 */
export interface PersonMatchOut {
  created_at: number;
  finished_at: number | null;
  game: string;
  host_token: string | null;
  id: string;
  rated: boolean;
  seat: number | null;
  status: string;
  /**
   * your seat's token: play from this device
   */
  token: string | null;
}
/**
 * Keep-alive: answered by a `pong` with the same ref.
 *
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "PingFrame".
 */
export interface PingFrame {
  ref?: string | number | null;
  type: "ping";
  [k: string]: unknown;
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "PlayedMatch".
 */
export interface PlayedMatch {
  finished_at: number | null;
  game: string;
  id: string;
  /**
   * your place: 1 is best
   */
  rank: number | null;
  rated: boolean;
  seat: number | null;
  seats: SeatPerson[];
  status: string;
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "SeatPerson".
 */
export interface SeatPerson {
  /**
   * their account's id, where they have one
   */
  account: string | null;
  name: string | null;
  rank: number | null;
  seat: number;
  you: boolean;
}
/**
 * The answer to a `ping`.
 *
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "PongFrame".
 */
export interface PongFrame {
  ref?: string | number | null;
  type: "pong";
  [k: string]: unknown;
}
/**
 * Who is there: sent on every change (a crowd's comings and goings batched).
 *
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "PresenceFrame".
 */
export interface PresenceFrame {
  debrief_published?: boolean;
  grace?: number | null;
  latecomers?: number | string | null;
  players?: number | null;
  seats: SeatPresence[];
  spectators: number;
  status: string;
  time_banks?: {
    [k: string]: number;
  } | null;
  time_banks_running?: number[] | null;
  type: "presence";
  [k: string]: unknown;
}
/**
 * Who is at one seat: a person (connected or away), a bot, or a bot standing in.
 *
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "SeatPresence".
 */
export interface SeatPresence {
  bot: string | null;
  connected: boolean;
  covered?: boolean;
  grace_left?: number | null;
  name: string | null;
  person?: string | null;
  seat: number;
  stand_in?: boolean;
  [k: string]: unknown;
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "Profile".
 */
export interface Profile {
  matches: PlayedMatch[];
  /**
   * how the rating is counted, in a sentence
   */
  method: string;
  name: string;
  played_with: Fellow[];
  ratings: GameRating[];
  sessions: RunSession[];
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "RunSession".
 */
export interface RunSession {
  created_at: number;
  facilitator_token: string;
  game: string;
  id: string;
  status: string;
}
/**
 * The player is ready for the stretch of real-time play being gathered for.
 *
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "ReadyFrame".
 */
export interface ReadyFrame {
  type: "ready";
  [k: string]: unknown;
}
/**
 * The action of `ref` was refused and changed nothing; `reason` says why.
 *
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "RejectedFrame".
 */
export interface RejectedFrame {
  code?: string | null;
  reason: string;
  reasons?: {
    [k: string]: string;
  } | null;
  ref: string | number | null;
  type: "rejected";
  [k: string]: unknown;
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "SeatBack".
 */
export interface SeatBack {
  code: string;
  name: string;
  personal_code: string;
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "SessionOut".
 */
export interface SessionOut {
  claims?: "away" | "any";
  code: string;
  crews: number[][];
  debrief_published?: boolean;
  game: string;
  grace?: number | string | null;
  id: string;
  latecomers?: number | string;
  members: MemberOut[];
  /**
   * the most people the lobby takes
   */
  members_cap?: number | null;
  players: number | null;
  status: string;
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "SessionSettings".
 */
export interface SessionSettings {
  /**
   * after the start, a name whose person is away asks for that seat (away, the default), or a name of anyone seated does (any)
   */
  claims?: ("away" | "any") | null;
  /**
   * seconds a phone may be away before a bot plays the seat
   */
  grace?: number | "never" | null;
  /**
   * the crew (its index) whose bot seats latecomers take first; most_bots: the crew with the most bots
   */
  latecomers?: number | "most_bots" | null;
  /**
   * before the start: the seats the session is planned for (more than the people joined leaves seats for bots); the lobby's plan and the start follow it
   */
  players?: number | null;
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "SetBot".
 */
export interface SetBot {
  /**
   * a bot spec such as "heuristic" or "mcts:iterations=8"
   */
  bot: string;
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "SetCrews".
 */
export interface SetCrews {
  /**
   * @maxItems 40
   */
  crews: number[][];
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "SignIn".
 */
export interface SignIn {
  name: string;
  password: string;
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "SignUp".
 */
export interface SignUp {
  /**
   * the name everybody sees; one account per name, in any case
   */
  name: string;
  /**
   * 10 characters or more: a short sentence will do
   */
  password: string;
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "SignedOut".
 */
export interface SignedOut {
  ok?: boolean;
  /**
   * sign-ins ended
   */
  signed_out: number;
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "StartMatch".
 */
export interface StartMatch {
  /**
   * a session: a bot for every empty seat
   */
  bots?: string | null;
  /**
   * a session: seats to make (more than the people joined leaves empty seats)
   */
  players?: number | null;
}
/**
 * The seat's whole view and its legal actions: sent on connecting and whenever they
 * change.
 *
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "StateFrame".
 */
export interface StateFrame {
  clocks?: {
    [k: string]: number;
  };
  gathering?: Gathering | null;
  legal: {
    [k: string]: unknown;
  }[];
  seat: number | null;
  status: string;
  step: number;
  type: "state";
  undo?: boolean;
  view: {
    [k: string]: unknown;
  };
  [k: string]: unknown;
}
/**
 * This interface was referenced by `LudotecaProtocol`'s JSON-Schema
 * via the `definition` "Strict".
 */
export interface Strict {}
