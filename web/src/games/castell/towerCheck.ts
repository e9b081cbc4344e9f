// Live legality of a tower while it is being built: the same rules as the game's
// ludoteca/games/castell/towers.py `check_tower` (a parity test compares them on many towers),
// with the reason as a code and numbers so it can be said in either language. The server's
// `apply` stays the judge: a declaration it refuses shows its own reason.

export const SKILLS = ["balance", "base", "mix", "strength", "width"] as const;
export type Skill = (typeof SKILLS)[number];
export type Ranks = Record<Skill, number>;
export type Tower = number[][]; // bottom level first; a level lists casteller sizes
const BASE_WIDTH_LIMIT = 3;

export type Reason =
  | { code: "empty" }
  | { code: "empty_level"; level: number }
  | { code: "mixed_sizes"; level: number; low: number; high: number }
  | { code: "wider"; level: number; width: number; below: number }
  | { code: "bigger"; level: number; size: number; below: number }
  | { code: "over_rank"; skill: Skill; count: number; rank: number }
  | { code: "too_wide"; widest: number; width: number; base: number }
  | { code: "missing_skill"; skill: Skill }
  | { code: "cannot_use"; skills: Skill[] };

export type TowerCheck =
  | { legal: true; uses: Ranks }
  | { legal: false; reason: Reason };

function normalize(levels: Tower): Tower {
  return levels.map((level) => [...level].sort((a, b) => b - a));
}

// Balance, Strength and Mix uses, which the tower's shape fixes; or the basic rule broken.
function levelUses(tower: Tower): { uses: Record<"balance" | "strength" | "mix", number>; broken: Reason | null } {
  const uses = { balance: 0, strength: 0, mix: 0 };
  for (let i = 0; i < tower.length; i++) {
    const level = tower[i];
    const number = i + 1;
    const high = level[0];
    const low = level[level.length - 1];
    if (high - low > 1) return { uses, broken: { code: "mixed_sizes", level: number, low, high } };
    if (high !== low) uses.mix += 1;
    if (i === 0) continue;
    const below = tower[i - 1];
    if (level.length > below.length) {
      return { uses, broken: { code: "wider", level: number, width: level.length, below: below.length } };
    }
    if (level.length === below.length) uses.balance += 1;
    const belowSmallest = below[below.length - 1];
    if (high > belowSmallest) {
      return { uses, broken: { code: "bigger", level: number, size: high, below: belowSmallest } };
    }
    if (high === belowSmallest) uses.strength += 1;
  }
  return { uses, broken: null };
}

// Every (width uses, base uses) covering real exceptions only (see towers.py).
export function widthAssignments(widths: number[]): [number, number][] {
  const out: [number, number][] = [];
  const widest = Math.max(...widths);
  for (let widthUses = 0; widthUses <= Math.max(0, widest - BASE_WIDTH_LIMIT); widthUses++) {
    const limit = BASE_WIDTH_LIMIT + widthUses;
    const rest = widths.filter((w) => w <= limit);
    if (widthUses && (rest.length === 0 || Math.max(...rest) < limit)) continue;
    out.push([widthUses, widths.length - rest.length]);
  }
  return out;
}

export function checkTower(levels: Tower, ranks: Partial<Ranks>, skills: Skill[] = []): TowerCheck {
  if (levels.length === 0) return { legal: false, reason: { code: "empty" } };
  const emptyAt = levels.findIndex((level) => level.length === 0);
  if (emptyAt >= 0) return { legal: false, reason: { code: "empty_level", level: emptyAt + 1 } };
  const tower = normalize(levels);
  const limits = Object.fromEntries(SKILLS.map((s) => [s, ranks[s] ?? 0])) as Ranks;
  const { uses: fixed, broken } = levelUses(tower);
  if (broken) return { legal: false, reason: broken };
  for (const skill of ["balance", "strength", "mix"] as const) {
    if (fixed[skill] > limits[skill]) {
      return { legal: false, reason: { code: "over_rank", skill, count: fixed[skill], rank: limits[skill] } };
    }
  }
  const widths = tower.map((level) => level.length);
  const options = widthAssignments(widths).filter(([w, b]) => w <= limits.width && b <= limits.base);
  if (options.length === 0) {
    return {
      legal: false,
      reason: { code: "too_wide", widest: Math.max(...widths), width: limits.width, base: limits.base },
    };
  }
  const wanted = new Set(skills);
  for (const skill of ["balance", "strength", "mix"] as const) {
    if (wanted.has(skill) && !fixed[skill]) return { legal: false, reason: { code: "missing_skill", skill } };
  }
  const fitting = options.filter(([w, b]) => (!wanted.has("width") || w > 0) && (!wanted.has("base") || b > 0));
  if (fitting.length === 0) {
    const missing = (["width", "base"] as const).filter((s) => wanted.has(s));
    return { legal: false, reason: { code: "cannot_use", skills: missing } };
  }
  const [widthUses, baseUses] = fitting.reduce((best, option) => {
    const key = (o: [number, number]) => [o[0] + o[1], o[1]];
    const [a, b] = [key(option), key(best)];
    return a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]) ? option : best;
  });
  return { legal: true, uses: { ...fixed, width: widthUses, base: baseUses } };
}

// Festival score: a point per level and per casteller of one of the festival's token sizes.
export function towerScore(tower: Tower, sizes: number[] = []): number {
  const wanted = new Set(sizes);
  return tower.length + tower.flat().filter((size) => wanted.has(size)).length;
}

// Whether the team holds every casteller of the tower, each used once.
export function fitsTeam(tower: Tower, team: number[]): boolean {
  const left = [...team];
  for (const size of tower.flat()) {
    const at = left.indexOf(size);
    if (at < 0) return false;
    left.splice(at, 1);
  }
  return true;
}
