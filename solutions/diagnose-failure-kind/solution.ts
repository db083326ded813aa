/** Expected answers for "Name the failure", from src/sim/diagnosis/kinds.ts. */
import { grouped, rounded } from "../../src/format/number.ts";
import { failingShare, instanceTable, type KindParams, kindCase } from "../../src/sim/diagnosis/kinds.ts";
import { type Random, randomInt } from "../../src/sim/random.ts";

const defenceFor = { crash: "redundancy", "bad-deploy": "rollback", zone: "multi-zone", poison: "quarantine" } as const;

export function answers(params: Record<string, number>) {
  const p = params as unknown as KindParams;
  const kind = kindCase(p);
  return { kind, defence: defenceFor[kind], failing: failingShare(p) };
}

/** The worked solution's figures for this fleet (explanation.md shows them as {name}). */
export function worked(params: Record<string, number>): Record<string, string> {
  const p = params as unknown as KindParams;
  const kind = kindCase(p);
  const rows = instanceTable(p);
  const down = rows.filter((r) => r.state !== "serving");
  const names = down.map((r) => r.instance).join(", ");
  const share = failingShare(p);
  const failing = `${rounded(share * 100, 3)}%`;
  const zonesOf = new Set(down.map((r) => r.zone));
  const count = `${grouped(down.length)} of the ${grouped(p.instances)} instances`;
  const one = down.length === 1;
  const readings = {
    crash: `One instance of ${grouped(p.instances)}, ${names}, refuses connections; every other instance serves normally, in every zone, on the same version. A refused connection means the host answered and no process listens: this process died (a lost host or a cut network would time out instead).`,
    "bad-deploy": `${count} ${one ? "fails" : "fail"} (${names}), and ${one ? "it is the one" : "they are the ones"} on the new version, deployed minutes ago, failing since shortly after it; the ${grouped(p.instances - down.length)} on the old version serve normally, in every zone. What the failing instances share is the change.`,
    zone: `${count} stopped answering at the same instant (${names}), and they are every instance in ${[...zonesOf].join(", ")}; the instances in the other zones serve normally. A shared instant and a shared zone point at the zone, not at the instances.`,
    poison: `${count} crash and restart one after another (${names}), in ${grouped(zonesOf.size)} zone${zonesOf.size === 1 ? "" : "s"}, all on the same version as the healthy ones, and every crash log ends with a request from the same customer. A crash that follows one customer's request from instance to instance is that request.`,
  };
  const why = {
    crash:
      "The balancer ejects the instance and a replacement starts; the others carry its share meanwhile. Rolling back changes nothing on a version every instance runs.",
    "bad-deploy":
      "Rolling back ends it for the instances that took the new version, and a canary stage limits the next bad version to one instance. Autoscaling would add healthy instances beside the failing ones, which keep failing their share.",
    zone: "Only capacity already running in the other zones, with the headroom to carry the lost one, contains a zone loss at once; replacing instances in the lost zone or waiting on an autoscaler depends on what is failing.",
    poison:
      "Block the request at the edge, and keep each customer on a few instances (shuffle sharding) so the next poison request crashes those few, not the fleet. Retrying it, or adding instances, only feeds it more instances to crash.",
  };
  const working = {
    crash: `Requests are spread evenly over ${grouped(p.instances)} instances, and ${grouped(down.length)} refuses them until the balancer ejects it: 1/${grouped(p.instances)} ≈ ${failing} of requests.`,
    "bad-deploy": `Requests are spread evenly over ${grouped(p.instances)} instances, and ${grouped(down.length)} ${one ? "fails" : "fail"} them: ${grouped(down.length)}/${grouped(p.instances)} ≈ ${failing} of requests.`,
    zone: `Requests are spread evenly over ${grouped(p.instances)} instances in ${grouped(p.zones)} zones, and the lost zone held ${grouped(down.length)} of them: ${grouped(down.length)}/${grouped(p.instances)} = 1/${grouped(p.zones)} ≈ ${failing} of requests, until the balancer stops sending to it.`,
    poison: `Requests are spread evenly over ${grouped(p.instances)} instances, and ${grouped(down.length)} are restarting in the minute shown: ${grouped(down.length)}/${grouped(p.instances)} ≈ ${failing} of requests.`,
  };
  return {
    reading: readings[kind],
    diagnosis: {
      crash: "Crash or lost instance",
      "bad-deploy": "Bad deploy or config push",
      zone: "Zone or region loss",
      poison: "Poison request (query of death)",
    }[kind],
    defence: {
      crash: "Redundancy: the balancer ejects it and a replacement starts",
      "bad-deploy": "Roll back the new version; stage the next one through a canary",
      zone: "Capacity in the other zones, with enough headroom to carry the lost one",
      poison: "Block that customer's request; keep it on a few instances (shuffle sharding)",
    }[kind],
    defenceWhy: why[kind],
    failing,
    failingWorking: working[kind],
  };
}

/** Another fleet: any of the four kinds, 6 to 15 instances over 2 or 3 zones, 1 to 3 on a new version. */
export function variant(rand: Random): Record<string, number> {
  const zones = 2 + randomInt(rand, 2);
  return {
    incident: randomInt(rand, 4),
    instances: zones * (3 + randomInt(rand, 3)),
    zones,
    canaries: 1 + randomInt(rand, 3),
    seed: randomInt(rand, 100_000),
  };
}
