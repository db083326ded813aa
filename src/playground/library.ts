/**
 * The virtual modules playground code imports by name. They run natively in the worker (not
 * through sucrase), so they may import anything the bundle can. One line per module: the
 * grader adds `"course/checks"` here once src/grader/checks.ts exists.
 */
import * as course from "../prelude/course.ts";
import * as checks from "../grader/checks.ts";

export const libraryModules: Record<string, object> = {
  course,
  "course/checks": checks,
};
