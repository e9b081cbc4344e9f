import { t } from "../../i18n/i18n.svelte";
import { skillName } from "./text";
import type { LocalTile } from "./view";

// A local performance tile in words.
export function tileText(tile: LocalTile): string {
  if (tile.kind === "shape") {
    return t("castell.tile.shape", { shape: (tile.shape ?? []).join("-"), points: tile.points });
  }
  return t("castell.tile.exhibition", {
    levels: tile.levels ?? 0,
    skills: (tile.skills ?? []).map(skillName).join(", "),
    points: tile.points,
  });
}
