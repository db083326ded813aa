/**
 * The flagged resources come from the course's own map analysis, so the exercise, the map
 * builder and the chapter cannot disagree.
 */
import { analyseFailureMap, parseFailureMapOrThrow } from "../../src/sim/failure-map/index.ts";
import { sharingMap } from "./map.ts";

export const answers = {
  flagged: analyseFailureMap(parseFailureMapOrThrow(sharingMap)).flagged,
  fix: "split-workers",
};
