/**
 * Expected answers, computed by the course's own map analysis on the exercise's map, so the
 * page, the terminal and the map builder agree.
 */
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
