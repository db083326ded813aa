/**
 * The map builder told step by step, for its presenter view (/present/map-builder/): first the
 * map alone (no "shared!" flag, no blast radius), then each shared resource saturated in turn
 * with who fails, and last the map-wide answer: every flag and the largest blast radius. The
 * room predicts before each step. The map shows as large chips (what a room can read on a
 * projector); the drawing, whose labels are too small from afar, is one switch away. Strings only, from the builder's own renderers, so the page
 * renders the example at build time and a group's share link in the browser with the same code.
 */
import { renderMapSvg, renderSummary, type MapView } from "./render.ts";
import { describeImpact, listNames } from "../../sim/failure-map/describe.ts";
import { escapeHtml } from "../escape-html.ts";
import { countOf } from "../../format/number.ts";
import type { MapError } from "../../sim/failure-map/parse.ts";
import { skippedDecisions } from "./skipped.ts";

export interface PresentedStage {
  /** What the room is asked, or told, at this stage. */
  caption: string;
  /** The map as large chips, legible from the back of a room: resources, then services. */
  chips: string;
  /** The drawing at this stage (for a closer look: it cannot be read from afar). */
  svg: string;
}

/** Resources and services as chips: the saturated resource, who fails (and through what), the flags seen so far. */
function renderChips(view: MapView, selected: string | undefined, flagged: readonly string[]): string {
  const impact = view.analysis.impacts.find((i) => i.resource === selected);
  const failing = new Map(impact?.failing.map((f) => [f.name, f]) ?? []);
  const resources = view.analysis.impacts
    .map((i) => {
      const state = [i.resource === selected ? "is-saturated" : "", flagged.includes(i.resource) ? "is-flagged" : ""]
        .filter(Boolean)
        .join(" ");
      const note = i.resource === selected ? "saturated" : flagged.includes(i.resource) ? "shared!" : "";
      return `<li class="pm-chip pm-chip--resource ${state}"><span class="pm-chip__name">${escapeHtml(i.resource)}</span>${note ? `<span class="pm-chip__note">${note}</span>` : ""}</li>`;
    })
    .join("");
  const services = view.map.services
    .map((s) => {
      const f = failing.get(s.name);
      const note = !impact
        ? ""
        : !f
          ? "works"
          : f.cause === "direct"
            ? "fails"
            : `fails via ${escapeHtml(f.via ?? "a call")}`;
      return `<li class="pm-chip pm-chip--service${f ? " is-failing" : ""}${impact && !f ? " is-working" : ""}"><span class="pm-chip__name">${escapeHtml(s.name)}</span>${note ? `<span class="pm-chip__note">${note}</span>` : ""}</li>`;
    })
    .join("");
  return `<p class="pm-chips__label">Shared resources</p><ul class="pm-chips">${resources}</ul><p class="pm-chips__label">Services</p><ul class="pm-chips">${services}</ul>`;
}

/** Every stage of the presentation: the bare map, one per shared resource, then the answer. */
export function presentStages(view: MapView, idPrefix: string): PresentedStage[] {
  const { analysis } = view;
  // Flags are the answer to the first question: none until the end, or until that resource's turn.
  const bare = (selected?: string, flagged: readonly string[] = []): MapView => {
    const { selected: _drop, ...rest } = view;
    return {
      ...rest,
      analysis: { ...analysis, flagged: [...flagged] },
      ...(selected === undefined ? {} : { selected }),
    };
  };
  const names = analysis.impacts.map((i) => i.resource);
  const stages: PresentedStage[] = [
    {
      caption: `<p class="pm-question">${countOf(names.length, "shared resource")}: ${escapeHtml(listNames(names))}. Which one hurts most when it saturates, and which are shared by services that have nothing else to do with each other?</p>`,
      chips: renderChips(view, undefined, []),
      svg: renderMapSvg(bare(), `${idPrefix}-0`),
    },
  ];
  for (const [i, impact] of analysis.impacts.entries()) {
    const seen = analysis.flagged.filter((f) => names.indexOf(f) <= i);
    const spared = impact.spared.length ? listNames(impact.spared) : "nothing";
    stages.push({
      caption:
        `<p class="pm-headline">${escapeHtml(describeImpact(impact, analysis.services))}</p>` +
        `<p>Still working: ${escapeHtml(spared)}.${impact.sharedByUnrelated ? " <strong>Shared by unrelated services.</strong>" : ""}</p>`,
      chips: renderChips(view, impact.resource, seen),
      svg: renderMapSvg(bare(impact.resource, seen), `${idPrefix}-${i + 1}`),
    });
  }
  stages.push({
    caption: `<p class="pm-headline">${renderSummary(view)}</p>`,
    chips: renderChips(view, undefined, analysis.flagged),
    svg: renderMapSvg(bare(undefined, analysis.flagged), `${idPrefix}-${names.length + 1}`),
  });
  return stages;
}

/** The stages as HTML, one element each, shown one at a time by the page's reveal. */
export function renderPresentation(view: MapView, idPrefix: string): string {
  return presentStages(view, idPrefix)
    .map(
      (s, i) =>
        `<div class="pm-stage" data-map-stage="${i}"${i === 0 ? "" : " hidden"}><div class="pm-caption">${s.caption}</div><div class="pm-chipset">${s.chips}</div><div class="pm-drawing" data-scroll-box tabindex="0" role="group" aria-label="Map drawing (scrolls on a narrow screen)">${s.svg}</div></div>`,
    )
    .join("");
}

/**
 * What the view says under a group's map title when it skipped faulty decide lines, as text:
 * which lines and why (the room board says the same); "" when it skipped none.
 */
export function skippedNotice(skipped: readonly MapError[]): string {
  if (skipped.length === 0) return "";
  return `This map: ${skippedDecisions(skipped)}. The rest of the map is shown.`;
}
