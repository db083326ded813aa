/** The dashboard the on-call engineer opens (src/grader/situations/dashboard.ts). */
import type { Params } from "../../src/grader/exercise-schema.ts";
import { dashboardSituation } from "../../src/grader/situations/dashboard.ts";
import type { DashboardParams } from "../../src/sim/diagnosis/dashboard.ts";

export const situation = (params: Params) => dashboardSituation(params as unknown as DashboardParams);
