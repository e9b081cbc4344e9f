// The client's pages, from the address bar. The server hands out /play/<id>#token=... and
// /watch/<id>#token=... links; the token stays after '#', which browsers never send.

export type Route =
  | { page: "home" }
  | { page: "new"; game: string }
  | { page: "play"; id: string; token: string | null }
  | { page: "watch"; id: string; token: string | null }
  | { page: "replay"; id: string }
  | { page: "rules"; game: string }
  | { page: "missing"; path: string };

const ID = "([A-Za-z0-9_-]{1,64})";
const PATTERNS: [RegExp, (m: RegExpMatchArray, token: string | null) => Route][] = [
  [/^\/?$/, () => ({ page: "home" })],
  [new RegExp(`^/new/${ID}/?$`), (m) => ({ page: "new", game: m[1] })],
  [new RegExp(`^/play/${ID}/?$`), (m, token) => ({ page: "play", id: m[1], token })],
  [new RegExp(`^/watch/${ID}/?$`), (m, token) => ({ page: "watch", id: m[1], token })],
  [new RegExp(`^/replay/${ID}/?$`), (m) => ({ page: "replay", id: m[1] })],
  [new RegExp(`^/rules/${ID}/?$`), (m) => ({ page: "rules", game: m[1] })],
];

export function tokenOf(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const token = params.get("token");
  return token ? token : null;
}

export function parseRoute(pathname: string, hash = ""): Route {
  const path = pathname.replace(/^\/app(?=\/|$)/, "") || "/";
  for (const [pattern, make] of PATTERNS) {
    const match = path.match(pattern);
    if (match) return make(match, tokenOf(hash));
  }
  return { page: "missing", path };
}

export function href(route: Route): string {
  switch (route.page) {
    case "home":
      return "/";
    case "new":
      return `/new/${route.game}`;
    case "play":
      return `/play/${route.id}`;
    case "watch":
      return `/watch/${route.id}`;
    case "replay":
      return `/replay/${route.id}`;
    case "rules":
      return `/rules/${route.game}`;
    case "missing":
      return route.path;
  }
}
