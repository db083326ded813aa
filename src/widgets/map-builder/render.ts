/**
 * HTML and SVG for the map builder, as strings: the component renders them at build time and
 * the widget re-renders them in the page, so the first picture and later ones match.
 * Colours come from currentColor and Starlight's variables, so both themes read.
 */
import { resourceKinds, type FailureMap } from "../../sim/failure-map/model.ts";
import type { MapAnalysis, ResourceImpact } from "../../sim/failure-map/analyse.ts";
import type { MapError } from "../../sim/failure-map/parse.ts";
import { describeImpact, describeSharing, explainFailures, listNames } from "../../sim/failure-map/describe.ts";
import { countOf, percentOfWhole } from "../../format/number.ts";
import { labelFont, statusWords, withStatus, type MapLayout } from "./layout.ts";
import { grouped } from "../../format/number.ts";
import { mapLimits } from "./limits.ts";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const round = (n: number) => Math.round(n * 10) / 10;

export interface MapView {
  map: FailureMap;
  analysis: MapAnalysis;
  /** Null when the map has more boxes than mapLimits.drawnBoxes: it is analysed but not drawn. */
  layout: MapLayout | null;
  /** The saturated resource, if one is selected. */
  selected?: string;
}

function impactOf(view: MapView): ResourceImpact | undefined {
  return view.selected === undefined ? undefined : view.analysis.impacts.find((i) => i.resource === view.selected);
}

function svgSummary(view: MapView, impact: ResourceImpact | undefined): string {
  const { map, analysis } = view;
  const base = `${countOf(map.services.length, "service")} and ${countOf(map.resources.length, "shared resource")}.`;
  const flagged = analysis.flagged.length ? ` Shared by unrelated services: ${listNames(analysis.flagged)}.` : "";
  if (!impact) return base + flagged;
  const failing = impact.failing.map((f) => f.name);
  return `${base} ${impact.resource} is saturated; failing: ${failing.length ? listNames(failing) : "none"}.`;
}

/** The map as an SVG drawing; `idPrefix` keeps marker and title ids unique on the page. */
export function renderMapSvg(view: MapView, idPrefix: string): string {
  const { layout } = view;
  if (!layout) {
    const boxes = view.map.services.length + view.map.resources.length;
    return `<p class="mb-too-big">This map has ${grouped(boxes)} services and resources. Drawings stop at ${mapLimits.drawnBoxes} so that they stay readable; the resources and blast radii below cover the whole map. Split it into smaller maps (one per team or area) to see them drawn.</p>`;
  }
  const impact = impactOf(view);
  const failing = new Map(impact?.failing.map((f) => [f.name, f]) ?? []);
  const flagged = new Set(view.analysis.flagged);
  const hotEdge = (from: string, to: string, role: "calls" | "uses") =>
    impact !== undefined &&
    (role === "uses" ? to === impact.resource : failing.get(from)?.cause === "call" && failing.has(to));

  const edges = layout.edges
    .map((e) => {
      const d = e.points.map((p, i) => `${i === 0 ? "M" : "L"}${round(p.x)} ${round(p.y)}`).join(" ");
      const classes = [
        "mb-edge",
        `mb-edge--${e.role}`,
        e.fallback ? "mb-edge--fallback" : "",
        hotEdge(e.from, e.to, e.role) ? "is-hot" : "",
      ]
        .filter(Boolean)
        .join(" ");
      const marker = e.role === "calls" ? ` marker-end="url(#${idPrefix}-arrow)"` : "";
      return `<path class="${classes}" d="${d}"${marker}><title>${escapeHtml(`${e.from} ${e.role} ${e.to}${e.fallback ? " (with fallback)" : ""}`)}</title></path>`;
    })
    .join("");

  const nodes = layout.nodes
    .map((n) => {
      const x = round(n.x - n.width / 2);
      const y = round(n.y - n.height / 2);
      const fail = failing.get(n.name);
      let status = "";
      const classes = ["mb-node", `mb-${n.role}`];
      if (n.role === "service" && fail) {
        classes.push("is-failing");
        status = fail.cause === "direct" ? statusWords.direct : statusWords.call;
      }
      if (n.role === "resource") {
        if (flagged.has(n.name)) {
          classes.push("is-flagged");
          status = statusWords.flagged;
        }
        if (impact?.resource === n.name) classes.push("is-saturated");
      }
      // The state word after the detail, or on a line of its own under it (layout.ts).
      const lines = n.statusBelow ? [n.detail, status] : [status ? withStatus(n.detail, status) : n.detail];
      const data =
        n.role === "resource" ? ` data-resource="${escapeHtml(n.name)}"` : ` data-service="${escapeHtml(n.name)}"`;
      const radius = n.role === "resource" ? n.height / 2 : 6;
      // Baselines: name and detail as in a two-line box, moved up by half a line in a three-line one.
      const top = n.statusBelow ? -11 : -3;
      return (
        `<g class="${classes.join(" ")}"${data}>` +
        `<rect x="${x}" y="${y}" width="${round(n.width)}" height="${round(n.height)}" rx="${radius}"/>` +
        `<text class="mb-name" font-size="${labelFont.name}" x="${round(n.x)}" y="${round(n.y + top)}">${escapeHtml(n.name)}</text>` +
        lines
          .map((line, i) =>
            line
              ? `<text class="mb-detail" font-size="${labelFont.detail}" x="${round(n.x)}" y="${round(n.y + top + 17 + i * 16)}">${escapeHtml(line)}</text>`
              : "",
          )
          .join("") +
        `</g>`
      );
    })
    .join("");

  const title = view.map.title ?? "Failure-domain map";
  // It is drawn at its natural size (one unit, one CSS pixel), never shrunk, so its type is
  // labelFont's on any screen; a drawing wider than its box scrolls in it (MapBuilder.astro).
  const style = `--mb-width:${layout.width}px`;
  return (
    `<svg class="mb-svg" viewBox="0 0 ${layout.width} ${layout.height}" width="${layout.width}" height="${layout.height}" style="${style}" role="img" aria-labelledby="${idPrefix}-title ${idPrefix}-desc">` +
    `<title id="${idPrefix}-title">${escapeHtml(title)}</title>` +
    `<desc id="${idPrefix}-desc">${escapeHtml(svgSummary(view, impact))}</desc>` +
    `<defs><marker id="${idPrefix}-arrow" viewBox="0 0 10 10" refX="10" refY="5" markerUnits="userSpaceOnUse" markerWidth="8" markerHeight="8" orient="auto-start-reverse">` +
    `<path d="M0 1 L10 5 L0 9 z" fill="currentColor"/></marker></defs>` +
    `<g class="mb-edges">${edges}</g><g class="mb-nodes">${nodes}</g></svg>`
  );
}

/** One button per resource ("saturate this"), with its blast radius and any sharing flag. */
export function renderResourceList(view: MapView): string {
  const { analysis } = view;
  if (analysis.impacts.length === 0)
    return `<p class="mb-empty">This map has no shared resources yet: add a line like <code>pool shared-db</code>.</p>`;
  const items = analysis.impacts
    .map((i) => {
      const pressed = view.selected === i.resource;
      const traffic = i.trafficShare === null ? "" : `, ${percentOfWhole(i.trafficShare)} of traffic`;
      const flag = i.sharedByUnrelated ? `<span class="mb-flag">shared by unrelated services</span>` : "";
      return (
        `<li><button type="button" class="br-button mb-saturate" data-resource="${escapeHtml(i.resource)}" aria-pressed="${pressed}">` +
        `Saturate <span class="mb-mono">${escapeHtml(i.resource)}</span></button> ` +
        // Buttons do not print; the name still must.
        `<span class="mb-mono" data-print="only" data-pagefind-ignore>${escapeHtml(i.resource)}</span> ` +
        `<span class="mb-impact">${escapeHtml(resourceKinds[i.kind])}: ${countOf(i.direct.length, "direct user")}, ` +
        `blast radius ${i.failing.length}/${analysis.services} services (${percentOfWhole(i.serviceShare)})${traffic}</span> ${flag}</li>`
      );
    })
    .join("");
  return `<ul class="mb-resources">${items}</ul>`;
}

/** The map-wide summary: how many resources are shared by unrelated services. */
export function renderSummary(view: MapView): string {
  const { analysis } = view;
  // Every resource that ties for the largest blast radius is named, not the first of them.
  const size = (i: ResourceImpact) => i.trafficShare ?? i.serviceShare;
  const top = Math.max(...analysis.impacts.map(size));
  const worst = analysis.impacts.filter((i) => i.failing.length > 0 && Math.abs(size(i) - top) < 1e-12);
  const flagged = analysis.flagged.length
    ? `<strong>${analysis.flagged.length} of ${countOf(analysis.impacts.length, "resource")} ${analysis.flagged.length === 1 ? "is" : "are"} shared by otherwise unrelated services</strong>: ${escapeHtml(listNames(analysis.flagged))}.`
    : `No resource is shared by unrelated services.`;
  const worstText =
    worst.length > 0
      ? ` Largest blast radius: ${escapeHtml(listNames(worst.map((i) => i.resource)))}, ${percentOfWhole(top)} of ${worst[0]!.trafficShare === null ? "services" : "traffic"}${worst.length > 1 ? " each" : ""}.`
      : "";
  return `${flagged}${worstText}${decisionsText(view)}`;
}

/** The group's decisions ("decide" lines), and the flagged resources still without one. */
function decisionsText(view: MapView): string {
  const decisions = view.map.decisions ?? [];
  if (decisions.length === 0) return "";
  const decided = decisions.map((d) => {
    const who = [d.owner ? `owner ${d.owner}` : "no owner", d.by ? `by ${d.by}` : "no date"].join(", ");
    return `${d.resource}: ${d.decision} (${who})`;
  });
  const open = view.analysis.flagged.filter((f) => !decisions.some((d) => d.resource === f));
  return ` Decided: ${escapeHtml(decided.join("; "))}.${open.length ? ` Flagged, not decided yet: ${escapeHtml(listNames(open))}.` : ""}`;
}

/** What fails when the selected resource saturates, for the polite live region. */
export function renderResult(view: MapView): string {
  const impact = impactOf(view);
  if (!impact) return `<p>Pick a resource to saturate it and see who fails.</p>`;
  const sharing = describeSharing(impact);
  const reasons = explainFailures(impact)
    .map((r) => `<li>${escapeHtml(r)}</li>`)
    .join("");
  return (
    `<p class="mb-headline">${escapeHtml(describeImpact(impact, view.analysis.services))}</p>` +
    (reasons ? `<ul class="mb-reasons">${reasons}</ul>` : "") +
    `<p>Still working: ${impact.spared.length ? escapeHtml(listNames(impact.spared)) : "nothing"}.</p>` +
    (sharing ? `<p class="mb-flag-text">${escapeHtml(sharing)}</p>` : "")
  );
}

/** Parse errors, each naming its line, with a button that moves the cursor there. */
export function renderErrors(errors: readonly MapError[]): string {
  if (errors.length === 0) return "";
  const items = errors
    .map(
      (e) =>
        `<li><button type="button" class="mb-goto" data-line="${e.line}">Line ${e.line}</button>: ${escapeHtml(e.message)}</li>`,
    )
    .join("");
  return `<p>The map text has ${errors.length === 1 ? "an error" : `${errors.length} errors`}; the drawing shows the last map that read cleanly.</p><ul>${items}</ul>`;
}
