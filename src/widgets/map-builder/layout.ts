/**
 * Lays a failure map out with dagre (callers above callees, resources below the services that
 * draw from them). Pure: the component runs it at build time for the first picture, and the
 * widget runs the same code in the page whenever the map changes.
 */
import { Graph, layout } from "@dagrejs/dagre";
import type { FailureMap } from "../../sim/failure-map/model.ts";
import { resourceKinds } from "../../sim/failure-map/model.ts";
import type { MapAnalysis } from "../../sim/failure-map/analyse.ts";

export interface PlacedNode {
  name: string;
  role: "service" | "resource";
  /** Second line under the name: "weight 45", "connection pool". */
  detail: string;
  /**
   * Whether a state word (`statusWords`) goes on a third line of its own, under the detail,
   * rather than after it on the detail line: a map too wide for its box is laid out so.
   */
  statusBelow: boolean;
  x: number; // centre
  y: number;
  width: number;
  height: number;
}

export interface PlacedEdge {
  from: string;
  to: string;
  role: "calls" | "uses";
  fallback: boolean;
  points: { x: number; y: number }[];
}

export interface MapLayout {
  width: number;
  height: number;
  nodes: PlacedNode[];
  edges: PlacedEdge[];
}

/**
 * The drawing's type, in CSS px at its natural size: names (bold) and the lines under them, in the
 * monospace font (drawing.css), whose characters are all 0.6 em wide (Liberation Mono, DejaVu
 * Sans Mono, Menlo, SF Mono), so a box is as wide as its longest line without measuring it.
 */
export const labelFont = { name: 14, detail: 13 } as const;
const advance = 0.6;
/**
 * The smallest type the drawing renders at, on any screen: the page's small text (Starlight's
 * --sl-text-xs, the legend's under the drawing). The drawing is never shrunk, so this is its
 * detail lines' natural size; shrunk to fit a phone, its labels were 11 px, smaller than any
 * other words on the page, while its box scrolled sideways all the same.
 */
export const smallestLabel = 13;
/**
 * The drawing's box in the chapter, in CSS px, on any screen 1280 px wide or wider (Starlight's
 * content column stops growing there); the browser test measures it. A map laid out no wider
 * fits it at its natural size.
 */
export const boxWidth = 732;

/** The words a box adds to its detail line for the state it is in (render.ts). */
export const statusWords = { direct: "fails", call: "via call", flagged: "shared!" } as const;
/** A detail line with a state word after it: "weight 45 · fails", or "via call" alone. */
export const withStatus = (detail: string, status: string) => (detail ? `${detail} · ${status}` : status);

/** Space between a box's longest line and each of its sides. */
const padding = 12;
/** Two lines (name and detail), and the third a state word may take. */
const nodeHeight = 46;
const lineHeight = 16;

const textWidth = (text: string, font: number) => text.length * font * advance;

/**
 * A box's size, room left for the longest state word it may show (so that saturating a resource
 * never moves anything). `statusBelow` asks for that word on a line of its own where that makes
 * the box narrower.
 */
function boxFor(name: string, detail: string, status: string, statusBelow: boolean) {
  const nameWidth = textWidth(name, labelFont.name);
  const inline = Math.max(nameWidth, textWidth(status ? withStatus(detail, status) : detail, labelFont.detail));
  const below = Math.max(nameWidth, textWidth(detail, labelFont.detail), textWidth(status, labelFont.detail));
  const useBelow = statusBelow && detail !== "" && status !== "" && below < inline;
  return {
    width: Math.ceil((useBelow ? below : inline) + 2 * padding),
    height: useBelow ? nodeHeight + lineHeight : nodeHeight,
    statusBelow: useBelow,
  };
}

type Ranker = "network-simplex" | "tight-tree" | "longest-path";

/** The state words each box may show, by its name: a box not named shows none. */
export type States = ReadonlyMap<string, readonly string[]>;

/**
 * The state words each box of an analysed map may show: "shared!" on the resources it flags, and
 * on each service the ways it fails when some resource saturates. A box keeps room for these only:
 * after bulkheads no resource is flagged, and none was left an empty line.
 */
export function statesOf(analysis: MapAnalysis): States {
  const states = new Map<string, string[]>(analysis.flagged.map((name) => [name, [statusWords.flagged]]));
  for (const impact of analysis.impacts)
    for (const f of impact.failing) {
      const word = f.cause === "direct" ? statusWords.direct : statusWords.call;
      const words = states.get(f.name) ?? [];
      if (!words.includes(word)) states.set(f.name, [...words, word]);
    }
  return states;
}

/** Any box may show any state word its kind can: for a map not analysed. */
const anyState = (map: FailureMap): States =>
  new Map<string, readonly string[]>([
    ...map.services.map((s): [string, string[]] => [s.name, [statusWords.direct, statusWords.call]]),
    ...map.resources.map((r): [string, string[]] => [r.name, [statusWords.flagged]]),
  ]);

/** The longest of the words, or "" for none. */
const longest = (words: readonly string[] = []) => words.reduce((a, b) => (b.length > a.length ? b : a), "");

/**
 * One dagre layout of the map with the given ranker, each box with room for the state words it may
 * show (`states`, any by default); `statusBelow` puts them on lines of their own.
 */
export function layoutWith(
  map: FailureMap,
  ranker: Ranker,
  statusBelow = false,
  states: States = anyState(map),
): MapLayout {
  const graph = new Graph({ multigraph: true });
  graph.setGraph({ rankdir: "LR", ranker, nodesep: 16, ranksep: 64, edgesep: 10, marginx: 8, marginy: 8 });
  graph.setDefaultEdgeLabel(() => ({}));
  const details = new Map<string, { role: PlacedNode["role"]; detail: string; statusBelow: boolean }>();
  for (const s of map.services) {
    const detail = s.weight === undefined ? "" : `weight ${s.weight}`;
    const box = boxFor(s.name, detail, longest(states.get(s.name)), statusBelow);
    details.set(s.name, { role: "service", detail, statusBelow: box.statusBelow });
    graph.setNode(s.name, { width: box.width, height: box.height });
  }
  for (const r of map.resources) {
    const detail = r.dedicatedTo ? `${resourceKinds[r.kind]} for ${r.dedicatedTo}` : resourceKinds[r.kind];
    const box = boxFor(r.name, detail, longest(states.get(r.name)), statusBelow);
    details.set(r.name, { role: "resource", detail, statusBelow: box.statusBelow });
    graph.setNode(r.name, { width: box.width, height: box.height });
  }
  for (const c of map.calls)
    graph.setEdge(c.caller, c.callee, { weight: 2, minlen: 1 }, `calls:${c.caller}:${c.callee}`);
  for (const u of map.uses)
    graph.setEdge(u.service, u.resource, { weight: 1, minlen: 1 }, `uses:${u.service}:${u.resource}`);
  layout(graph);

  const nodes: PlacedNode[] = graph.nodes().map((name) => {
    const n = graph.node(name);
    const d = details.get(name)!;
    return {
      name,
      role: d.role,
      detail: d.detail,
      statusBelow: d.statusBelow,
      x: n.x,
      y: n.y,
      width: n.width,
      height: n.height,
    };
  });
  const edges: PlacedEdge[] = graph.edges().map((e) => {
    const role = e.name!.startsWith("calls:") ? "calls" : "uses";
    const call = role === "calls" ? map.calls.find((c) => c.caller === e.v && c.callee === e.w) : undefined;
    return { from: e.v, to: e.w, role, fallback: call?.fallback ?? false, points: graph.edge(e).points ?? [] };
  });
  const label = graph.graph();
  return { width: Math.ceil(label.width ?? 0), height: Math.ceil(label.height ?? 0), nodes, edges };
}

type Point = { x: number; y: number };

/** Whether segments ab and cd cross at a point inside both (touching ends do not count). */
function segmentsCross(a: Point, b: Point, c: Point, d: Point): boolean {
  const side = (p: Point, q: Point, r: Point) => (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x);
  const d1 = side(c, d, a);
  const d2 = side(c, d, b);
  const d3 = side(a, b, c);
  const d4 = side(a, b, d);
  return d1 * d2 < 0 && d3 * d4 < 0;
}

/** How many times the drawn edges cross one another. */
export function edgeCrossings(placed: MapLayout): number {
  const segments = placed.edges.map((e) => e.points.slice(1).map((p, i) => [e.points[i]!, p] as const));
  let crossings = 0;
  for (let i = 0; i < segments.length; i++)
    for (let j = i + 1; j < segments.length; j++)
      for (const [a, b] of segments[i]!) for (const [c, d] of segments[j]!) if (segmentsCross(a, b, c, d)) crossings++;
  return crossings;
}

/** Maps up to this many boxes get several layouts tried, and the one with fewest crossings kept. */
const compareUpTo = 60;

/** How well a layout fits the chapter's box: 0 at its natural size, 1 not (it scrolls in its box). */
const fitOf = (placed: MapLayout) => (placed.width <= boxWidth ? 0 : 1);

/**
 * dagre's crossing reduction is a heuristic that starts from the order nodes are added in and
 * ranks them by one of three rankers: a few starting points (two rankers, services in map order
 * and reversed) find noticeably fewer crossings on real maps (28 down to 20 on the course's
 * "before bulkheads" example), so small maps get the best of four.
 *
 * A map wider than the chapter's box is laid out again with each state word on a line of its own
 * (narrower, taller boxes): the workshop's Parcel Hub map, four ranks deep, was 991 px wide in the
 * 732 px box; so, it fits (map-builder.test.ts). The layout kept fits the box best (at its natural
 * size, then scrolling), then has the fewest crossings, then the smallest area.
 */
export function layoutFailureMap(map: FailureMap, states: States = anyState(map)): MapLayout {
  const boxes = map.services.length + map.resources.length;
  const reversed: FailureMap = { ...map, services: [...map.services].reverse() };
  const orders: [FailureMap, Ranker][] =
    boxes <= compareUpTo
      ? [
          [map, "network-simplex"],
          [reversed, "network-simplex"],
          [map, "longest-path"],
          [reversed, "longest-path"],
        ]
      : [[map, "network-simplex"]];
  let best: { placed: MapLayout; fit: number; crossings: number; area: number } | undefined;
  const consider = (statusBelow: boolean) => {
    for (const [ordered, ranker] of orders) {
      const placed = layoutWith(ordered, ranker, statusBelow, states);
      const crossings = orders.length > 1 ? edgeCrossings(placed) : 0;
      const area = placed.width * placed.height;
      const candidate = { placed, fit: fitOf(placed), crossings, area };
      if (
        !best ||
        candidate.fit < best.fit ||
        (candidate.fit === best.fit &&
          (crossings < best.crossings || (crossings === best.crossings && area < best.area)))
      )
        best = candidate;
    }
  };
  consider(false);
  if (best!.fit > 0) consider(true);
  return best!.placed;
}
