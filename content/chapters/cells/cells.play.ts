// A cell-based service with the course's own cell simulation. 6,000 customers are placed in
// 12 cells (each new customer goes to the emptiest cell); cell i lives in zone i % 3. Land each
// kind of fault and compare it with the same fault in one shared deployment. Then change the
// number of cells or zones, or give the shared fleet some headroom, and run it again.
import { blastRadius, percent, placeAll, uniformCustomers, type Fault } from "course";

const cells = 12;
const zones = 3;
const sharedHeadroom = 0; // spare capacity of the shared design, as a share of peak (try 0.5)
const customers = uniformCustomers(6_000);
const { router } = placeAll(customers, cells);

const faults: Fault[] = [
  { kind: "poison", customer: "c42" },
  { kind: "bad-deploy", cell: 5 },
  { kind: "lost-zone", zone: 1 },
];

const pct = (share: number) => percent(share).padStart(7);
console.log("fault                 cells hit        cellular  shared");
for (const fault of faults) {
  const b = blastRadius(customers, router, fault, { cells, zones, sharedHeadroom });
  const name =
    fault.kind === "poison"
      ? `poison from ${fault.customer}`
      : fault.kind === "bad-deploy"
        ? `bad deploy, cell ${fault.cell}`
        : `lost zone ${fault.zone}`;
  console.log(
    `${name.padEnd(21)} ${b.affectedCells.join(",").padEnd(16)} ${pct(b.customerShare)} ${pct(b.nonCellular.customerShare)}`,
  );
}
