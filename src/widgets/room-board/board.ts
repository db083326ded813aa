/**
 * The room board's logic: a room's map share links (or exported map files) and progress files,
 * read and compared side by side, with nothing sent anywhere. Pure apart from decoding links
 * (Compression Streams, in every current browser and in Node), so the page and the tests share it.
 */
import { countOf, percentUpTo } from "../../format/number.ts";
import {
  analyseFailureMap,
  type DecisionKind,
  errorText,
  type MapError,
  parseFailureMapSkippingBadDecisions,
  type ResourceImpact,
} from "../../sim/failure-map/index.ts";
import { decodeShareHash, isShareHash } from "../../course/map-share.ts";
import { notText, textTooLarge } from "../map-builder/limits.ts";
import { skippedDecisions } from "../map-builder/skipped.ts";
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
  /**
   * The map's "decide" lines the board could not read, each with the parser's error: skipped, so
   * one typo does not cost the group its whole map at the readout.
   */
  skipped: MapError[];
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
  /**
   * Not a fault: this map's text is the same as an earlier input's (this source), so it counts once,
   * there. Set by readBoard.
   */
  repeatOf?: string;
  /** Not a fault: how many inputs this row stands for that the board's limit left out. Set by readBoard. */
  leftOut?: number;
}

/**
 * Up to this many maps (share links and map files together) and this many progress files on one
 * board (a room of 30 makes about 10 groups).
 */
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
  const parsed = parseFailureMapSkippingBadDecisions(text);
  if (!parsed.ok) {
    const more = parsed.errors.length > 1 ? ` (and ${parsed.errors.length - 1} more)` : "";
    return { ok: false, source, message: `${errorText(parsed.errors[0]!)}${more}` };
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
    skipped: parsed.skipped,
  };
}

/**
 * What the board says of a map's skipped decide lines: which group's which line, and why (the
 * parser's own words, as the map builder lists them); null when it skipped none.
 */
export function skippedNote(row: MapRow): string | null {
  if (row.skipped.length === 0) return null;
  const group = row.name === row.source ? row.source : `${row.name} (${row.source})`;
  return `${group}: ${skippedDecisions(row.skipped)}. The rest of the map is on the board: ask the group what it decided there.`;
}

/** A file the facilitator added to the board: a map exported from the builder, or a progress file. */
export interface BoardFile {
  name: string;
  text: string;
}

/** Progress files are JSON; anything else is read as an exported map. */
function isProgressFile({ name, text }: BoardFile): boolean {
  return /\.json$/i.test(name) || text.trimStart().startsWith("{");
}

/**
 * The whole board from what the facilitator gave: pasted lines (one share link per line; blank
 * lines skipped), then the map files, then the progress files, each in order.
 *
 * The limit holds across sources: the first boardLimit maps (links, then map files) and the first
 * boardLimit progress files are read; a row stands for what was left out, saying how many.
 *
 * A map whose text is the same as an earlier one's (a group that sent its link twice, or sent the
 * link and the file) is flagged ("the same map as Link 5") rather than merged away: the
 * facilitator sees every input they gave, so a group whose own map is missing because it sent
 * another group's link shows up, and the repeat counts nowhere (not in the ranking, not in what
 * more than one group found, not in the commitments), so a map is counted once.
 */
export async function readBoard(
  linksText: string,
  files: readonly BoardFile[],
  catalog: Catalog,
): Promise<{ maps: (MapRow | BadInput)[]; progress: (ProgressRow | BadInput)[] }> {
  const lines = linksText
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const maps: (MapRow | BadInput)[] = [];
  const seen = new Map<string, string>();
  const addMap = (source: string, text: string) => {
    // The same map, whatever line endings or trailing blank lines its route gave it.
    const key = text.replace(/\r\n?/g, "\n").trim();
    const first = seen.get(key);
    if (first === undefined) {
      seen.set(key, source);
      maps.push(mapRow(source, text));
    } else maps.push({ ok: false, source, message: `the same map as ${first}: counted once`, repeatOf: first });
  };
  for (const [i, line] of lines.slice(0, boardLimit).entries()) {
    const source = `Link ${i + 1}`;
    let text: string;
    try {
      text = await mapTextFromLink(line);
    } catch (error) {
      maps.push({ ok: false, source, message: (error as Error).message });
      continue;
    }
    addMap(source, text);
  }
  const mapsLimit = `the board takes ${boardLimit} maps at once`;
  if (lines.length > boardLimit) {
    const from = boardLimit + 1;
    maps.push({
      ok: false,
      source: from === lines.length ? `Link ${from}` : `Links ${from} to ${lines.length}`,
      message: mapsLimit,
      leftOut: lines.length - boardLimit,
    });
  }
  const progress: (ProgressRow | BadInput)[] = [];
  for (const file of files) {
    if (isProgressFile(file)) {
      progress.push(
        progress.length < boardLimit
          ? progressRow(file.name, file.text, catalog)
          : {
              ok: false,
              source: file.name,
              message: `the board takes ${boardLimit} progress files at once`,
              leftOut: 1,
            },
      );
    } else if (maps.length < boardLimit) addMap(file.name, file.text);
    else maps.push({ ok: false, source: file.name, message: mapsLimit, leftOut: 1 });
  }
  return { maps, progress };
}

/** What the status line says after a comparison: what was compared, and what was not and why. */
export function boardSummary(
  maps: readonly (MapRow | BadInput)[],
  progress: readonly (ProgressRow | BadInput)[],
): string {
  const rows = [...maps, ...progress];
  if (rows.length === 0) return "Nothing to compare yet: paste a share link or add a file.";
  const bad = rows.filter((r): r is BadInput => !r.ok);
  const repeats = bad.filter((r) => r.repeatOf !== undefined).length;
  const leftOut = bad.reduce((n, r) => n + (r.leftOut ?? 0), 0);
  const unreadable = bad.filter((r) => r.repeatOf === undefined && r.leftOut === undefined).length;
  const good = maps.filter((m) => m.ok).length;
  const goodFiles = progress.filter((p) => p.ok).length;
  const skipped = maps.filter((m): m is MapRow => m.ok && m.skipped.length > 0);
  const skippedLines = skipped.reduce((n, m) => n + m.skipped.length, 0);
  const problems = [
    ...(skippedLines
      ? [
          `${countOf(skippedLines, "decide line")} with errors skipped in ${countOf(skipped.length, "map")} (named under Commitments)`,
        ]
      : []),
    ...(unreadable ? [`${unreadable} could not be read (listed in red)`] : []),
    ...(repeats ? [`${repeats} the same as an earlier map, counted once`] : []),
    ...(leftOut
      ? [`${leftOut} left out: the board takes ${boardLimit} maps and ${boardLimit} progress files at once`]
      : []),
  ];
  // Nothing read: no "Compared 0 maps", which reads as if a comparison had been drawn.
  if (good + goodFiles === 0) return `Nothing compared: ${problems.join("; ")}.`;
  return [`Compared ${countOf(good, "map")} and ${countOf(goodFiles, "progress file")}`, ...problems]
    .join("; ")
    .concat(".");
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
  /** What was skipped of each map's decide lines, and why (skippedNote), in the order of the maps. */
  skipped: string[];
}

/**
 * What the board calls each map where it names it alone (the commitments, their notes): its title,
 * or, when another map on the board has the same title (groups who all mapped the workshop's
 * example system, the example's two links), its title and where it came from: "Parcel Hub (Link 2)".
 */
export function mapNames(maps: readonly MapRow[]): Map<MapRow, string> {
  const titles = new Map<string, number>();
  for (const m of maps) titles.set(m.name, (titles.get(m.name) ?? 0) + 1);
  return new Map(maps.map((m) => [m, (titles.get(m.name) ?? 0) > 1 ? `${m.name} (${m.source})` : m.name]));
}

/** The room's commitments side by side: who owns what by when, what is missing, where groups differ. */
export function roomCommitments(rows: (MapRow | BadInput)[]): RoomCommitments {
  const maps = rows.filter((r): r is MapRow => r.ok);
  const names = mapNames(maps);
  const all: RoomCommitment[] = maps.flatMap((m) =>
    m.commitments.map((c) => ({
      ...c,
      map: names.get(m)!,
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
    undecided: maps.filter((m) => m.undecided.length > 0).map((m) => ({ map: names.get(m)!, resources: m.undecided })),
    skipped: maps.flatMap((m) => skippedNote(m) ?? []),
  };
}
