// Each game's screen and words; a game without its own screen plays through the action menu.
import type { Component } from "svelte";
import { t } from "../i18n/i18n.svelte";
import CastellScreen from "./castell/CastellScreen.svelte";
import { castellText } from "./castell/text";
import CiurmeScreen from "./ciurme/CiurmeScreen.svelte";
import ControlRoom from "./ciurme/ControlRoom.svelte";
import ProjectorView from "./ciurme/ProjectorView.svelte";
import { ciurmeText } from "./ciurme/text";
import GoofspielScreen from "./goofspiel/GoofspielScreen.svelte";
import { goofspielText } from "./goofspiel/text";
import LigrettoScreen from "./ligretto/LigrettoScreen.svelte";
import { ligrettoText } from "./ligretto/text";
import type { ControlProps, GameProps, GameText, ProjectorProps } from "./types";

export interface GameEntry {
  screen: Component<GameProps> | null;
  text: GameText;
  // A game run in a training room: the facilitator's control room and the projector's view.
  control?: Component<ControlProps>;
  projector?: Component<ProjectorProps>;
  // A game that declares no overall winner (Ciurme: each objective has its own winners), so
  // the final panel shows no ranking.
  noOverallWinner?: boolean;
}

const genericText: GameText = {
  event: (event) => t("event.unknown", { kind: event.kind }),
  awaited: (_view, seat, _seats, legal) => (seat !== null && legal.length ? t("match.your_move") : t("match.waiting_others")),
  action: (action) => t("event.unknown", { kind: action.kind }),
};

const GAMES: Record<string, GameEntry> = {
  castell: { screen: CastellScreen, text: castellText },
  ligretto: { screen: LigrettoScreen, text: ligrettoText },
  ciurme: { screen: CiurmeScreen, text: ciurmeText, control: ControlRoom, projector: ProjectorView, noOverallWinner: true },
  goofspiel: { screen: GoofspielScreen, text: goofspielText },
};

export function gameEntry(name: string): GameEntry {
  return GAMES[name] ?? { screen: null, text: genericText };
}
