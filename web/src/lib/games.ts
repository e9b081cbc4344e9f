// What the client knows about each game beyond the server's catalogue: which screen plays it.
// A game the client has no screen for is still playable through the generic action menu.
export const KNOWN_GAMES = ["castell", "ligretto", "ciurme", "goofspiel"] as const;
export type KnownGame = (typeof KNOWN_GAMES)[number];

export function isKnownGame(name: string): name is KnownGame {
  return (KNOWN_GAMES as readonly string[]).includes(name);
}

// The order of the home page: the three room games first, the small reference game last.
export function gameOrder(name: string): number {
  const index = (KNOWN_GAMES as readonly string[]).indexOf(name);
  return index < 0 ? KNOWN_GAMES.length : index;
}
