/**
 * The room board's logic: a room's map share links (or exported map files) and progress files,
 * read and compared side by side, with nothing sent anywhere. Pure apart from decoding links
 * (Compression Streams, in every current browser and in Node), so the page and the tests share it.
 */
import { percentUpTo } from "../../format/number.ts";
import {
  analyseFailureMap,
  type DecisionKind,
  parseFailureMap,
  type ResourceImpact,
} from "../../sim/failure-map/index.ts";
import { decodeShareHash, isShareHash } from "../../course/map-share.ts";
import { notText, textTooLarge } from "../map-builder/limits.ts";
import {
  type Catalog,
  isSolved,
  maxProgressFileLength,
  type Progress,
  readProgressText,
} from "../../course/progress.ts";

export interface MapRow {
  ok: true;
  /** Where it came from: "Link 2" or a file name. */
  source: string;
  /** The map's title, or the source when it has none. */
  name: string;
  services: number;
  resources: number;
  /** Resources shared by otherwise unrelated services. */
  flagged: string[];
  /** The resource whose saturation loses the most (traffic when the map has weights, else services). */
  riskiest: { resource: string; share: number; shareText: string; of: "traffic" | "services"; failing: number } | null;
  /** The group's commitments: its "decide" lines, in map order. */
  commitments: Commitment[];
  /** Flagged resources the group has not decided about. */
  undecided: string[];
}

export interface Commitment {
  resource: string;
  decision: DecisionKind;
  change?: string;
  owner?: string;
  by?: string;
  /** Whether the resource is one the map flags as shared by unrelated services. */
  flagged: boolean;
}

export interface BadInput {
  ok: false;
  source: string;
  message: string;
}

/** Up to this many maps or files on one board (a room of 30 makes about 10 groups). */
export const boardLimit = 40;

/** The share that decides the ranking: traffic when the map weighs its entry points, else services. */
function lost(impact: ResourceImpact): { share: number; of: "traffic" | "services" } {
  return impact.trafficShare === null
    ? { share: impact.serviceShare, of: "services" }
    : { share: impact.trafficShare, of: "traffic" };
}

/** The map text in one pasted line: a share link (full address or just its #map= part) or nothing. */
export async function mapTextFromLink(line: string): Promise<string> {
  const at = line.indexOf("#map=");
  if (at < 0) throw new Error("this is not a map share link (it has no #map= part)");
  const hash = line.slice(at).trim();
  if (!isShareHash(hash)) throw new Error("this is not a map share link");
  return decodeShareHash(hash);
}

/** One map, analysed for the board; a text that does not parse is a readable error, never a throw. */
export function mapRow(source: string, text: string): MapRow | BadInput {
  const tooLarge = textTooLarge(text.length) ?? notText(text);
  if (tooLarge) return { ok: false, source, message: tooLarge };
  const parsed = parseFailureMap(text);
  if (!parsed.ok) {
    const first = parsed.errors[0]!;
    const more = parsed.errors.length > 1 ? ` (and ${parsed.errors.length - 1} more)` : "";
    return { ok: false, source, message: `line ${first.line}: ${first.message}${more}` };
  }
  const map = parsed.map;
  const analysis = analyseFailureMap(map);
  const ranked = [...analysis.impacts].sort(
    (a, b) => lost(b).share - lost(a).share || b.failing.length - a.failing.length,
  );
  const top = ranked[0];
  return {
    ok: true,
    source,
    name: map.title ?? source,
    services: map.services.length,
    resources: map.resources.length,
    flagged: analysis.flagged,
    riskiest: top
      ? {
          resource: top.resource,
          ...lost(top),
          shareText: percentUpTo(lost(top).share),
          failing: top.failing.length,
        }
      : null,
    commitments: (map.decisions ?? []).map(({ line: _line, ...d }) => ({
      ...d,
      flagged: analysis.flagged.includes(d.resource),
    })),
    undecided: analysis.flagged.filter((f) => !map.decisions?.some((d) => d.resource === f)),
  };
}

/** Read pasted lines (one share link per line; blank lines skipped) into board rows, in order. */
export async function readLinks(text: string): Promise<(MapRow | BadInput)[]> {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const rows: (MapRow | BadInput)[] = [];
  for (const [i, line] of lines.slice(0, boardLimit).entries()) {
    const source = `Link ${i + 1}`;
    try {
      rows.push(mapRow(source, await mapTextFromLink(line)));
    } catch (error) {
      rows.push({ ok: false, source, message: (error as Error).message });
    }
  }
  if (lines.length > boardLimit)
    rows.push({
      ok: false,
      source: `Links ${boardLimit + 1} to ${lines.length}`,
      message: `the board takes ${boardLimit} maps at once`,
    });
  return rows;
}

/** The maps, riskiest first (by the share their riskiest resource loses); errors keep their place at the end. */
export function rankMaps(rows: (MapRow | BadInput)[]): (MapRow | BadInput)[] {
  const good = rows.filter((r): r is MapRow => r.ok);
  const bad = rows.filter((r): r is BadInput => !r.ok);
  good.sort((a, b) => (b.riskiest?.share ?? 0) - (a.riskiest?.share ?? 0) || b.flagged.length - a.flagged.length);
  return [...good, ...bad];
}

/** Resources flagged on more than one map, by name: what the room keeps finding. */
export function sharedFindings(rows: (MapRow | BadInput)[]): { resource: string; maps: number }[] {
  const counts = new Map<string, number>();
  for (const r of rows) if (r.ok) for (const name of new Set(r.flagged)) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts]
    .filter(([, n]) => n > 1)
    .map(([resource, maps]) => ({ resource, maps }))
    .sort((a, b) => b.maps - a.maps || a.resource.localeCompare(b.resource));
}

export interface ProgressRow {
  ok: true;
  source: string;
  progress: Progress;
  /** Exercises of the catalog solved in this file. */
  solved: number;
  /** Exercise ids the file records that the course does not have (ignored). */
  unknown: string[];
}

/** One exported progress file (the progress page's export), checked like an import. */
export function progressRow(source: string, text: string, catalog: Catalog): ProgressRow | BadInput {
  if (text.length > maxProgressFileLength) return { ok: false, source, message: "too large to be course progress" };
  // Read as the progress page's import reads it: one reader, one set of messages.
  const read = readProgressText(text);
  if (!read.ok) return { ok: false, source, message: read.message };
  const progress = read.progress;
  const exercises = catalog.flatMap((c) => c.exercises);
  const known = new Set(exercises.map((e) => e.id));
  return {
    ok: true,
    source,
    progress,
    solved: exercises.filter((e) => isSolved(progress, e.id, e.parts)).length,
    unknown: Object.keys(progress.exercises).filter((id) => !known.has(id)),
  };
}

export interface ExerciseStanding {
  id: string;
  title: string;
  chapter: string;
  /** Files in which it is solved. */
  solved: number;
  /** Files in which it was tried (an attempt on any part) but not solved. */
  stuck: number;
}

/** Where the room stands, exercise by exercise, over every good progress file (exercises nobody touched are left out). */
export function roomStanding(rows: (ProgressRow | BadInput)[], catalog: Catalog): ExerciseStanding[] {
  const files = rows.filter((r): r is ProgressRow => r.ok);
  const standing: ExerciseStanding[] = [];
  for (const chapter of catalog) {
    for (const e of chapter.exercises) {
      let solved = 0;
      let stuck = 0;
      for (const f of files) {
        if (isSolved(f.progress, e.id, e.parts)) solved++;
        else if (Object.values(f.progress.exercises[e.id]?.parts ?? {}).some((p) => p.attempts > 0)) stuck++;
      }
      if (solved + stuck > 0) standing.push({ id: e.id, title: e.title, chapter: chapter.title, solved, stuck });
    }
  }
  return standing;
}

/** One group's commitment, named with its map, for the room's list. */
export interface RoomCommitment extends Commitment {
  map: string;
  /** What the readout must still settle: no owner, no date. */
  missing: ("owner" | "date")[];
}

export interface RoomCommitments {
  /** Every commitment of every readable map, in the order of the maps given (rank them first). */
  all: RoomCommitment[];
  /** Resources (by name) that groups decided differently about: where the room should talk. */
  disagreements: { resource: string; decisions: { map: string; decision: DecisionKind }[] }[];
  /** Maps with flagged resources nobody in that group decided about. */
  undecided: { map: string; resources: string[] }[];
}

/** The room's commitments side by side: who owns what by when, what is missing, where groups differ. */
export function roomCommitments(rows: (MapRow | BadInput)[]): RoomCommitments {
  const maps = rows.filter((r): r is MapRow => r.ok);
  const all: RoomCommitment[] = maps.flatMap((m) =>
    m.commitments.map((c) => ({
      ...c,
      map: m.name,
      missing: [...(c.owner ? [] : ["owner" as const]), ...(c.by ? [] : ["date" as const])],
    })),
  );
  const byResource = new Map<string, { map: string; decision: DecisionKind }[]>();
  for (const c of all)
    byResource.set(c.resource, [...(byResource.get(c.resource) ?? []), { map: c.map, decision: c.decision }]);
  const disagreements = [...byResource]
    .filter(([, ds]) => new Set(ds.map((d) => d.decision)).size > 1)
    .map(([resource, decisions]) => ({ resource, decisions }))
    .sort((a, b) => a.resource.localeCompare(b.resource));
  return {
    all,
    disagreements,
    undecided: maps.filter((m) => m.undecided.length > 0).map((m) => ({ map: m.name, resources: m.undecided })),
  };
}
