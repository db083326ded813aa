/**
 * The Game day part of the course: its pages, in sidebar order. The scenarios come from the
 * game's own definitions, so a new scenario gets its page and its sidebar entry together.
 */
import { scenarios } from "../sim/gameday/scenarios.ts";

export interface GamedayPage {
  /** Path below the site's base, with slashes: "gameday/board/". */
  path: string;
  label: string;
}

export const gamedayPages: readonly GamedayPage[] = [
  { path: "gameday/", label: "How to play, and scoring" },
  ...scenarios.map((s) => ({ path: `gameday/${s.id}/`, label: s.title })),
  { path: "gameday/facilitator/", label: "Facilitator view" },
  { path: "gameday/board/", label: "Results board" },
  { path: "gameday/cards/", label: "Tabletop cards" },
];

/** The sidebar group (Starlight adds the site's base to each link). */
export function gamedaySidebar() {
  return { label: "Game day", items: gamedayPages.map((p) => ({ label: p.label, link: `/${p.path}` })) };
}
