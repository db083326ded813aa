/**
 * What counts as a sign of trouble on the dashboard, one second at a time: the rule that says when
 * a player first had something to respond to (`firstSignAt` in summary.ts), and the rule the
 * components' table marks a row in trouble by (rows.ts). Pure: a frame and the feed's lines that
 * came with it in, a verdict out.
 */
import type { Slo } from "./slo.ts";
import type { ComponentFrame, Frame } from "./telemetry.ts";

/** A component's own success rate under this, over the last second, marks its row in trouble. */
export const rowSuccessFloor = 0.95;

/**
 * A component's p99 above this many times the objective's latency is out of any row's normal
 * range: before the fault, no row of any game day reaches it on the seeds verdict.test.ts plays
 * (the lost zone's hosts come nearest).
 */
export const rowP99Factor = 2;

/**
 * How the components' table marks a row: "bad" when its own monitoring reports it crashed or
 * unreachable, "warn" when under `rowSuccessFloor` of its work succeeded in the last second.
 */
export function rowHealth(component: Pick<ComponentFrame, "status" | "success">): "bad" | "warn" | "ok" {
  if (component.status.includes("crashed") || component.status.includes("unreachable")) return "bad";
  return component.success !== null && component.success < rowSuccessFloor ? "warn" : "ok";
}

/**
 * Whether the dashboard, at the end of `frame`'s second, shows something out of the normal: an
 * alert firing, a line from monitoring in the feed (`notices` came in with this frame), a tenant
 * or a cell hurting now, a row marked in trouble (`rowHealth`), or a row whose p99 stands above
 * `rowP99Factor` times the objective's latency. The charts are left out on purpose: users' p99
 * crosses the objective's line in the lost zone's ordinary traffic, before anything goes wrong,
 * so a line crossed is no sign by itself.
 */
export function showsSign(frame: Frame, notices: number, slo: Slo): boolean {
  return (
    frame.alerts.length > 0 ||
    notices > 0 ||
    frame.tenantsHurting > 0 ||
    (frame.cellsHurting ?? 0) > 0 ||
    frame.components.some((c) => rowHealth(c) !== "ok" || (c.p99 ?? 0) > rowP99Factor * slo.latencyMs)
  );
}
