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

export function layoutFailureMap(map: FailureMap): MapLayout {
  const graph = new Graph({ multigraph: true });
  graph.setGraph({ rankdir: "LR", nodesep: 14, ranksep: 56, edgesep: 8, marginx: 6, marginy: 6 });
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
