/** The dashboard the on-call engineer opens (src/grader/situations/dashboard.ts). */
import { defineSituation } from "../../src/grader/situation.ts";
import { dashboardSituation } from "../../src/grader/situations/dashboard.ts";

export const situation = defineSituation(dashboardSituation);
