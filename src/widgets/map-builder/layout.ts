/**
 * Lays a failure map out with dagre (callers above callees, resources below the services that
 * draw from them). Pure: the component runs it at build time for the first picture, and the
 * widget runs the same code in the page whenever the map changes.
 */
import { Graph, layout } from "@dagrejs/dagre";
import type { FailureMap } from "../../sim/failure-map/model.ts";
import { resourceKinds } from "../../sim/failure-map/model.ts";

export interface PlacedNode {
  name: string;
  role: "service" | "resource";
  /** Second line under the name: "weight 45", "connection pool". */
  detail: string;
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

/** Names are drawn in the monospace font at 13px: about 7.8px a character, plus padding. */
const charWidth = 7.8;
const nodeHeight = 46;
const nodeWidth = (...lines: string[]) => Math.ceil(Math.max(...lines.map((l) => l.length)) * charWidth + 28);

type Ranker = "network-simplex" | "tight-tree" | "longest-path";

/** One dagre layout of the map with the given ranker. */
export function layoutWith(map: FailureMap, ranker: Ranker): MapLayout {
  const graph = new Graph({ multigraph: true });
  graph.setGraph({ rankdir: "LR", ranker, nodesep: 16, ranksep: 64, edgesep: 10, marginx: 8, marginy: 8 });
  graph.setDefaultEdgeLabel(() => ({}));
  const details = new Map<string, { role: PlacedNode["role"]; detail: string }>();
  for (const s of map.services) {
    // Leave room for the longest detail the widget may write ("weight 45 · fails").
    const detail = s.weight === undefined ? "" : `weight ${s.weight}`;
    details.set(s.name, { role: "service", detail });
    graph.setNode(s.name, { width: nodeWidth(s.name, `${detail} · via call`), height: nodeHeight });
  }
  for (const r of map.resources) {
    const detail = r.dedicatedTo ? `${resourceKinds[r.kind]} for ${r.dedicatedTo}` : resourceKinds[r.kind];
    details.set(r.name, { role: "resource", detail });
    graph.setNode(r.name, { width: nodeWidth(r.name, `${detail} · shared!`), height: nodeHeight });
  }
  for (const c of map.calls)
    graph.setEdge(c.caller, c.callee, { weight: 2, minlen: 1 }, `calls:${c.caller}:${c.callee}`);
  for (const u of map.uses)
    graph.setEdge(u.service, u.resource, { weight: 1, minlen: 1 }, `uses:${u.service}:${u.resource}`);
  layout(graph);

  const nodes: PlacedNode[] = graph.nodes().map((name) => {
    const n = graph.node(name);
    const d = details.get(name)!;
    return { name, role: d.role, detail: d.detail, x: n.x, y: n.y, width: n.width, height: n.height };
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

/**
 * dagre's crossing reduction is a heuristic that starts from the order nodes are added in and
 * ranks them by one of three rankers: a few starting points (two rankers, services in map order
 * and reversed) find noticeably fewer crossings on real maps (28 down to 19 on the course's
 * "before bulkheads" example), so small maps get the best of four.
 */
export function layoutFailureMap(map: FailureMap): MapLayout {
  const boxes = map.services.length + map.resources.length;
  const reversed: FailureMap = { ...map, services: [...map.services].reverse() };
  const candidates: [FailureMap, Ranker][] =
    boxes <= compareUpTo
      ? [
          [map, "network-simplex"],
          [reversed, "network-simplex"],
          [map, "longest-path"],
          [reversed, "longest-path"],
        ]
      : [[map, "network-simplex"]];
  let best: { placed: MapLayout; crossings: number; area: number } | undefined;
  for (const [ordered, ranker] of candidates) {
    const placed = layoutWith(ordered, ranker);
    const crossings = candidates.length > 1 ? edgeCrossings(placed) : 0;
    const area = placed.width * placed.height;
    if (!best || crossings < best.crossings || (crossings === best.crossings && area < best.area))
      best = { placed, crossings, area };
  }
  return best!.placed;
}
