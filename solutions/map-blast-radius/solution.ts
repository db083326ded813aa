/**
 * Expected answers, computed by the course's own map analysis on the exercise's map, so the
 * page, the terminal and the map builder agree.
 */
import { countOf, percentUpTo } from "../../src/format/number.ts";
import { parseFailureMapOrThrow, saturateResource } from "../../src/sim/failure-map/index.ts";
import { exerciseMap } from "./map.ts";

export function answers(): Record<string, number> {
  const map = parseFailureMapOrThrow(exerciseMap);
  const db = saturateResource(map, "main-db");
  const sessions = saturateResource(map, "sessions");
  return {
    "db-services": db.serviceShare,
    "db-traffic": db.trafficShare!,
    "sessions-traffic": sessions.trafficShare!,
  };
}

/** The worked solution's figures, from the same analysis (explanation.md shows them as {name}). */
export function worked(): Record<string, string> {
  const map = parseFailureMapOrThrow(exerciseMap);
  const db = saturateResource(map, "main-db");
  const sessions = saturateResource(map, "sessions");
  const weighted = map.services.filter((s) => s.weight !== undefined);
  const failingNames = new Set(db.failing.map((f) => f.name));
  const hit = weighted.filter((s) => failingNames.has(s.name));
  const sum = (list: { weight?: number }[]) => list.reduce((a, s) => a + (s.weight ?? 0), 0);
  return {
    dbFailing: db.failing.map((f) => f.name).join(", "),
    dbServices: `${db.failing.length} of ${countOf(map.services.length, "service")}`,
    dbServiceShare: percentUpTo(db.serviceShare, 0),
    dbTraffic: `${hit.map((s) => `${s.name} ${s.weight}`).join(" + ")} = ${sum(hit)} of ${sum(weighted)}`,
    sessionsTraffic: percentUpTo(sessions.trafficShare!, 0),
  };
}
