// A tower check and a goal check, said in the reader's language.
import { t, tDynamic, tn } from "../../i18n/i18n.svelte";
import { skillName } from "./text";
import { SKILLS, type Reason, type Ranks } from "./towerCheck";

export function reasonText(reason: Reason): string {
  switch (reason.code) {
    case "mixed_sizes":
      return t("castell.tower.mixed_sizes", { level: reason.level, low: reason.low, high: reason.high });
    case "wider":
      return t("castell.tower.wider", { level: reason.level, width: reason.width, below: reason.below });
    case "bigger":
      return t("castell.tower.bigger", { level: reason.level, size: reason.size, below: reason.below });
    case "over_rank":
      return t("castell.tower.over_rank", {
        what: tDynamic(`castell.tower.what.${reason.skill}`, {}, reason.skill),
        skill: skillName(reason.skill),
        count: reason.count,
        rank: reason.rank,
      });
    case "too_wide":
      return t("castell.tower.too_wide", { widest: reason.widest, width: reason.width, base: reason.base });
    case "needs_uses":
      return t("castell.tower.needs_uses", { skills: reason.skills.map(skillName).join(", ") });
    case "width_and_base":
      return t("castell.tower.width_and_base");
    case "empty_level":
      return t("castell.tower.empty_level", { level: reason.level });
    case "empty":
      return t("castell.tower.empty");
  }
}

export function usesText(uses: Ranks): string {
  const used = SKILLS.filter((s) => uses[s] > 0);
  if (used.length === 0) return t("castell.tower.no_skills");
  return t("castell.tower.uses", { list: used.map((s) => `${skillName(s)} ×${uses[s]}`).join(", ") });
}

// The builder's button once the tower stands: what it does, the points it scores at a festival
// and the skills it uses ("Declare this tower: 14 points. It uses Base ×1.").
export function submitText(label: string, score: number | null, uses: Ranks): string {
  const skills = usesText(uses);
  return score === null ? t("castell.tower.submit", { label, uses: skills }) : tn("castell.tower.submit_score", score, { label, uses: skills });
}
