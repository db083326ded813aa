/**
 * The modules playground code imports by name, and how they report to a run. They run
 * natively in the worker (bundled, not through sucrase). The runner's worker entries hand
 * this table to the runtime (src/playground/runtime.ts), which never imports the course.
 *
 * Learner code in a code exercise imports none of them (the exercise asks for its own code);
 * "course/checks" is the check API the exercises' checks.ts files use.
 */
import * as checks from "../grader/checks.ts";
import * as course from "./course.ts";
import { setPlotSink, type PlotEvent } from "./plot.ts";

export const courseLibrary = {
  modules: { course, "course/checks": checks } as Record<string, object>,
  /** Send the library's output (charts) to the run; null disconnects. */
  connect(sink: ((event: PlotEvent) => void) | null): void {
    setPlotSink(sink);
  },
};
