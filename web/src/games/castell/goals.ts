// What a tower must meet besides the building rules: a festival's minimum height and token
// sizes, or a local tile's exact shape or skill exhibition.
import type { Skill, Tower } from "./towerCheck";
import type { LocalTile } from "./view";

export const MIN_FESTIVAL_LEVELS = 4;

export type Goal =
  | { kind: "festival"; region: string; tokens: number[] }
  | { kind: "tile"; tile: LocalTile };

export type GoalProblem =
  | { code: "short"; levels: number; need: number }
  | { code: "token_missing"; size: number }
  | { code: "shape"; shape: number[] }
  | { code: "levels"; need: number };

export function goalProblems(goal: Goal, tower: Tower): GoalProblem[] {
  const problems: GoalProblem[] = [];
  if (goal.kind === "festival") {
    if (tower.length < MIN_FESTIVAL_LEVELS) {
      problems.push({ code: "short", levels: tower.length, need: MIN_FESTIVAL_LEVELS });
    }
    const held = new Set(tower.flat());
    for (const size of goal.tokens) if (!held.has(size)) problems.push({ code: "token_missing", size });
    return problems;
  }
  const tile = goal.tile;
  if (tile.kind === "shape" && tile.shape) {
    const widths = tower.map((level) => level.length);
    if (widths.join(",") !== tile.shape.join(",")) problems.push({ code: "shape", shape: tile.shape });
  } else if (tile.kind === "exhibition" && tile.levels !== undefined && tower.length !== tile.levels) {
    problems.push({ code: "levels", need: tile.levels });
  }
  return problems;
}

// The skills a tile's exhibition must show (checked with the tower's skill uses).
export function goalSkills(goal: Goal): Skill[] {
  return goal.kind === "tile" && goal.tile.kind === "exhibition" ? ((goal.tile.skills ?? []) as Skill[]) : [];
}
