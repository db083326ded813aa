// A release goes out cell by cell: first the canary, then waves of cells. Each wave bakes for a
// while; its health checks may notice the bad release (or miss it: a gray failure). Change the
// detection chance, the wave size or the seed, and see how many customers see a bad release.
import { grouped, mulberry32, percent, rollout } from "course";

const cells = 20;
const customersPerCell = 1_000;
const waveSize = 4;
const catchChance = 0.6; // chance that one wave's health checks notice the bad release
const trials = 10_000;
const rand = mulberry32(42);

const populations = new Array(cells).fill(customersPerCell);
const waves = 1 + Math.ceil((cells - 1) / waveSize);
const exposedCounts = new Map<number, number>();
let total = 0;

for (let trial = 0; trial < trials; trial++) {
  // The first wave whose checks notice it, or none at all.
  let detectedInWave = waves;
  for (let w = 0; w < waves; w++) {
    if (rand() < catchChance) {
      detectedInWave = w;
      break;
    }
  }
  const caught = detectedInWave < waves;
  const out = rollout({
    cellPopulations: populations,
    releaseBad: true,
    healthCheckCatches: caught,
    detectedInWave: caught ? detectedInWave : 0,
    waveSize,
  });
  exposedCounts.set(out.customersExposed, (exposedCounts.get(out.customersExposed) ?? 0) + 1);
  total += out.customersExposed;
}

console.log(
  `${grouped(cells)} cells of ${grouped(customersPerCell)} customers, canary then waves of ${waveSize}, catch chance ${catchChance} per wave`,
);
console.log("customers who saw the bad release   share of rollouts");
for (const [exposed, n] of [...exposedCounts].sort((a, b) => a[0] - b[0])) {
  console.log(`${grouped(exposed).padStart(33)}   ${percent(n / trials).padStart(6)}`);
}
console.log(
  `average exposure: ${percent(total / trials / (cells * customersPerCell))} of customers (all at once: 100%)`,
);
