// A year in the life of a disk fleet. Each disk has a small chance of dying within the year,
// on a random day. Count the deaths day by day: how many days are quiet?
// Change the fleet and run it again; the seed makes every run print the same year.
import { asGiven, grouped, mulberry32 } from "course";

const machines = 5_000;
const disksPerMachine = 4;
const annualFailureRate = 0.02; // an assumed round figure: 2% of disks die in a year
// This seed's year lies close to the averages; try others to see how far a year can stray.
const rand = mulberry32(2025);

const disks = machines * disksPerMachine;
const deathsOnDay = new Array<number>(365).fill(0);
for (let disk = 0; disk < disks; disk++) {
  if (rand() < annualFailureRate) {
    const day = Math.floor(rand() * 365); // the day it dies, uniformly over the year
    deathsOnDay[day]!++;
  }
}

const total = deathsOnDay.reduce((sum, n) => sum + n, 0);
const quiet = deathsOnDay.filter((n) => n === 0).length;
const worst = Math.max(...deathsOnDay);
console.log(
  `${grouped(disks)} disks, ${grouped(total)} died this year (expected ${asGiven(disks * annualFailureRate)})`,
);
console.log(`average ${(total / 365).toFixed(2)} a day; ${quiet} of 365 days had no disk death; worst day: ${worst}`);

// How the days spread out: most days lose a disk or two.
const buckets = [0, 1, 2, 3, 4];
for (const n of buckets) {
  const days = deathsOnDay.filter((d) => (n === 4 ? d >= 4 : d === n)).length;
  const label = n === 4 ? "4 or more" : String(n);
  console.log(`${label.padStart(9)} died: ${String(days).padStart(3)} days ${"#".repeat(Math.round(days / 4))}`);
}
