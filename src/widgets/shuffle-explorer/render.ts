/**
 * The explorer's figures as an HTML string. The server renders the first view with it (so the
 * page reads without JavaScript) and the page redraws with it after each control change.
 */
import type { ExplorerView } from "./model.ts";

const grouped = (n: number) => n.toLocaleString("en-US");

/** A share for people: "42.9%", "0.055%", or "1.37e-12" when a percentage would be all zeros. */
export function formatShare(share: number): string {
  if (share === 0) return "0%";
  if (share >= 0.01) return `${(share * 100).toFixed(1)}%`;
  if (share >= 1e-6) return `${Number((share * 100).toPrecision(2))}%`;
  return share.toExponential(2);
}

function bar(share: number, kind: string): string {
  // A non-zero share always gets a visible sliver, so "rare" never reads as "never".
  const width = share === 0 ? 0 : Math.max(0.6, share * 100);
  return `<span class="sx-bar sx-bar--${kind}" style="width:${width.toFixed(2)}%"></span>`;
}

function workerGrid(view: ExplorerView): string {
  const { workers } = view.state;
  const poison = new Set(view.poisonShard);
  const dense = workers > 64;
  const cells: string[] = [];
  for (let w = 0; w < workers; w++) {
    const hit = poison.has(w);
    cells.push(`<span class="sx-w${hit ? " sx-w--poison" : ""}">${dense ? "" : w}</span>`);
  }
  const shardList = view.poisonShard.map((w) => `w${w}`).join(", ");
  return `<div class="sx-grid${dense ? " sx-grid--dense" : ""}" role="img" aria-label="${workers} workers; the poison customer's shard is ${shardList}">${cells.join("")}</div>
<p class="sx-note">Poison customer's shard: <strong data-figure="poison-shard">${shardList}</strong></p>`;
}

function groupStrip(view: ExplorerView): string {
  const many = view.groups.length > 32;
  const boxes = view.groups
    .map(
      ([from, to], g) =>
        `<span class="sx-g${g === 0 ? " sx-g--down" : ""}" title="group ${g}: workers ${from}-${to - 1}">${many ? "" : to - from}</span>`,
    )
    .join("");
  return `<div class="sx-groups${many ? " sx-groups--dense" : ""}" role="img" aria-label="${view.groups.length} fixed groups; the poison customer's group is down">${boxes}</div>`;
}

function overlapTable(view: ExplorerView): string {
  const { shard } = view.state;
  const rows = view.overlap
    .map((row) => {
      const label = row.shared === 0 ? "none" : row.shared === shard ? `all ${shard}` : `${row.shared} of ${shard}`;
      return `<tr data-shared="${row.shared}">
  <th scope="row">${label}</th>
  <td class="sx-bars">${bar(row.exact, "exact")}${bar(row.simulated, "sim")}</td>
  <td data-figure="exact-${row.shared}">${formatShare(row.exact)}</td>
  <td data-figure="sim-${row.shared}">${formatShare(row.simulated)} <span class="sx-count">(${grouped(row.count)})</span></td>
</tr>`;
    })
    .join("\n");
  // The largest gap between simulation and formula, against the sampling noise expected there.
  const worst = view.overlap.reduce((a, b) =>
    Math.abs(b.simulated - b.exact) > Math.abs(a.simulated - a.exact) ? b : a,
  );
  const gap = Math.abs(worst.simulated - worst.exact) * 100;
  const noise = Math.sqrt((worst.exact * (1 - worst.exact)) / view.others) * 100;
  const convergence = `<p class="sx-note" data-figure="convergence">Largest gap between simulation and formula: <strong>${gap.toFixed(2)}</strong> percentage points, where sampling noise is about ${noise.toFixed(2)}. More customers shrink both.</p>`;
  return `<table class="sx-table">
<caption>Workers other customers share with the poison shard: the exact (hypergeometric) share beside the seeded simulation of ${grouped(view.others)} other customers</caption>
<thead><tr><th scope="col">shared</th><th scope="col"><span class="sx-key sx-key--exact"></span>exact <span class="sx-key sx-key--sim"></span>simulated</th><th scope="col">exact</th><th scope="col">simulated</th></tr></thead>
<tbody>${rows}</tbody>
</table>${convergence}`;
}

function blastTable(view: ExplorerView): string {
  const { groups, failover, shard } = view.state;
  const rows: Array<[string, number, string, string]> = [
    [
      "Every customer on every worker",
      view.blast.everyWorker,
      "every",
      "no compartments: the poison reaches every worker",
    ],
    [
      `Fixed sharding, ${grouped(groups)} group${groups === 1 ? "" : "s"}`,
      view.blast.fixed,
      "fixed",
      "the poison customer's whole group",
    ],
    [
      `Shuffle sharding, ${failover ? "with" : "without"} failover`,
      view.blast.shuffleExact,
      "shuffle",
      failover
        ? `only customers that lost all ${shard} of their workers`
        : "every customer that lost any of its workers",
    ],
  ];
  const body = rows
    .map(
      ([name, share, key, why]) => `<tr data-design="${key}">
  <th scope="row">${name}<span class="sx-why">${why}</span></th>
  <td class="sx-bars">${bar(share, key === "shuffle" ? "exact" : "other")}</td>
  <td data-figure="blast-${key}">${formatShare(share)}</td>
</tr>`,
    )
    .join("\n");
  return `<table class="sx-table sx-blast">
<caption>Blast radius of one poison customer: share of the other customers that lose service</caption>
<tbody>${body}
<tr><th scope="row">Shuffle, simulated<span class="sx-why">seed ${view.state.seed}</span></th><td class="sx-bars">${bar(view.blast.shuffleSimulated, "sim")}</td><td data-figure="blast-simulated">${formatShare(view.blast.shuffleSimulated)}</td></tr>
</tbody>
</table>`;
}

/** One sentence for screen readers, announced after each change. */
export function summary(view: ExplorerView): string {
  const { workers, shard, failover } = view.state;
  const hurt = failover ? view.lostAll : view.lostAll + view.lostSome;
  return (
    `${grouped(workers)} workers, shards of ${shard}: ${view.possibleShards} possible shards. ` +
    `Of ${grouped(view.others)} other customers, ${grouped(view.lostAll)} lose every worker and ${grouped(view.lostSome)} lose some; ` +
    `${failover ? "with" : "without"} failover ${grouped(hurt)} (${formatShare(hurt / view.others)}) lose service, against ${formatShare(view.blast.fixed)} with fixed groups.`
  );
}

function failoverNote(view: ExplorerView): string {
  const some = grouped(view.lostSome);
  return view.state.failover
    ? `<p class="sx-note" data-figure="failover-note">Failover on: the <strong>${some}</strong> customers that lost some of their workers retry on the ones left and stay up.</p>`
    : `<p class="sx-note" data-figure="failover-note">Failover off: clients keep sending to their dead workers, so the <strong>${some}</strong> customers that lost some of their workers see errors too.</p>`;
}

export function renderExplorer(view: ExplorerView, { headingLevel = 3 }: { headingLevel?: 2 | 3 } = {}): string {
  const h = `h${headingLevel}`;
  return `<div class="sx-panels">
<section class="sx-panel" aria-label="Workers">
  <${h}>Workers</${h}>
  ${workerGrid(view)}
  <p class="sx-note">Fixed groups (the poison customer's group is down):</p>
  ${groupStrip(view)}
</section>
<section class="sx-panel" aria-label="Possible shards">
  <${h}>Possible shards</${h}>
  <p class="sx-big" data-figure="possible-shards">${view.possibleShards}</p>
  <p class="sx-note">Chance another customer holds the very same shard: 1 / C(n, k) = <strong data-figure="inverse">${view.inverse.mantissa} × 10<sup>${view.inverse.exponent}</sup></strong></p>
  <p class="sx-note">Simulated: <strong data-figure="lost-all">${grouped(view.lostAll)}</strong> other customers lose every worker, <strong data-figure="lost-some">${grouped(view.lostSome)}</strong> lose some, <strong data-figure="lost-none">${grouped(view.lostNone)}</strong> lose none.</p>
</section>
</div>
<section class="sx-panel sx-wide" aria-label="Overlap">${overlapTable(view)}</section>
<section class="sx-panel sx-wide" aria-label="Blast radius">${blastTable(view)}${failoverNote(view)}</section>`;
}
