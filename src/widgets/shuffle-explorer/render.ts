/**
 * The explorer's figures as an HTML string. The server renders the first view with it (so the
 * page reads without JavaScript) and the page redraws with it after each control change.
 */
import type { ExplorerView } from "./model.ts";
import {
  countOf,
  cssPercent,
  grouped,
  nounFor,
  oneInWhole,
  percentAnySize,
  percentAnySizeHtml,
  percentagePoints,
  wholeNumberHtml,
  spokenPowers,
} from "../../format/number.ts";
import { escapeHtml } from "../escape-html.ts";

/** A share for a table cell: a power of ten's exponent set as a superscript, as the page writes 1 / C(n, k). */
export function shareHtml(share: number): string {
  const html = percentAnySizeHtml(share);
  return html.includes("<sup>") ? `<span class="sx-sci">${html}</span>` : html;
}

/** The verb for a count: "1 loses", "2 lose". */
const lose = (n: number) => (n === 1 ? "loses" : "lose");

/**
 * Below this share of its track a bar is too narrow to see (under a pixel in a phone's 70 px
 * column), and it is labelled so: a rare share never reads as none.
 */
export const drawable = 0.01;

/**
 * A share's bar, true to scale: that share of the track, however small. A share too small to see
 * is drawn so (zero width or nearly) beside the words "too small to draw", marked in its series'
 * colour, so 0.049% and 3.66 × 10^-69% are never one sliver of the same size. Not a log scale:
 * the bars are here to compare shares of customers (100%, 25%, 3.6%) by length, which a log scale
 * would squeeze into lengths that look alike.
 */
export function bar(share: number, kind: string): string {
  const width = `width:${cssPercent(share, 2)}`;
  if (share === 0 || share >= drawable) return `<span class="sx-bar sx-bar--${kind}" style="${width}"></span>`;
  // The bar at its true width takes no line of its own: the words stand in its place.
  return `<span class="sx-bar sx-bar--${kind} sx-bar--tiny" style="${width}"></span><span class="sx-tiny sx-tiny--${kind}">too small to draw</span>`;
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
  return `<div class="sx-grid${dense ? " sx-grid--dense" : ""}" role="img" aria-label="${countOf(workers, "worker")}; the poison customer's shard is ${shardList}">${cells.join("")}</div>
<p class="sx-note">Poison customer's shard: <strong data-figure="poison-shard">${shardList}</strong></p>`;
}

/** A fixed group's workers as the worker grid numbers them: "0–1", or "4" for a group of one. */
export function workerRange([from, to]: [number, number]): string {
  return to - from === 1 ? `${from}` : `${from}–${to - 1}`;
}

/**
 * The fixed groups the blast table compares with, drawn as a row of boxes, each labelled with
 * the workers it holds (the numbers of the worker grid above), and a sentence that says what the
 * boxes are: how many groups of how many workers, and which group the poison customer takes down.
 * Past 32 groups the boxes are too small for their labels and the sentence alone says it.
 */
function groupStrip(view: ExplorerView): string {
  const many = view.groups.length > 32;
  const sizes = view.groups.map(([from, to]) => to - from);
  const smallest = Math.min(...sizes);
  const largest = Math.max(...sizes);
  const size = smallest === largest ? countOf(smallest, "worker") : `${smallest} or ${countOf(largest, "worker")}`;
  const down = view.groups[0]!;
  // The widest label sets the boxes' width, so "1984–2047" fits as "0–1" does.
  const chars = Math.max(...view.groups.map((g) => workerRange(g).length));
  const boxes = view.groups
    .map(
      (g, i) =>
        `<span class="sx-g${i === 0 ? " sx-g--down" : ""}" title="group ${i}: ${nounFor(g[1] - g[0], "worker")} ${workerRange(g)}">${many ? "" : workerRange(g)}</span>`,
    )
    .join("");
  const count = countOf(view.groups.length, "fixed group");
  const groups = `${count} of ${size}`;
  const downText = `${nounFor(down[1] - down[0], "worker")} ${workerRange(down)}`;
  // On a projector the presenter says what the boxes are, and the sentence must fit one screen
  // with the rest: it drops the words in sx-more ("20 fixed groups; the poison customer's is down:").
  const more = (words: string) => `<span class="sx-more">${words}</span>`;
  const sentence = `${more("For comparison, ")}${count}${more(` of ${size}${many ? "" : " (each box lists its workers)"}`)}; the poison customer's${more(` group, ${downText},`)} is down:`;
  return `<p class="sx-note" data-figure="fixed-groups">${sentence}</p>
<div class="sx-groups${many ? " sx-groups--dense" : ""}" style="--sx-g-chars:${chars}" role="img" aria-label="${groups}; the poison customer's group, ${downText}, is down">${boxes}</div>`;
}

function overlapTable(view: ExplorerView): string {
  const { shard } = view.state;
  const rows = view.overlap
    .map((row) => {
      const label = row.shared === 0 ? "none" : row.shared === shard ? `all ${shard}` : `${row.shared} of ${shard}`;
      return `<tr data-shared="${row.shared}">
  <th scope="row">${label}</th>
  <td class="sx-bars">${bar(row.exact, "exact")}${bar(row.simulated, "sim")}</td>
  <td data-figure="exact-${row.shared}">${shareHtml(row.exact)}</td>
  <td data-figure="sim-${row.shared}">${shareHtml(row.simulated)} <span class="sx-count">(${grouped(row.count)})</span></td>
</tr>`;
    })
    .join("\n");
  // The largest gap between simulation and formula, against the sampling noise expected there.
  const worst = view.overlap.reduce((a, b) =>
    Math.abs(b.simulated - b.exact) > Math.abs(a.simulated - a.exact) ? b : a,
  );
  const gap = Math.abs(worst.simulated - worst.exact);
  const noise = Math.sqrt((worst.exact * (1 - worst.exact)) / view.others);
  const convergence = `<p class="sx-note" data-figure="convergence">Largest gap between simulation and formula: <strong>${percentagePoints(gap, 2)}</strong> percentage points, where sampling noise is about ${percentagePoints(noise, 2)}. More customers shrink both.</p>`;
  return `<table class="sx-table">
<caption>Workers other customers share with the poison shard: the <span class="sx-keyed"><span class="sx-key sx-key--exact"></span>exact</span> (hypergeometric) share beside the <span class="sx-keyed"><span class="sx-key sx-key--sim"></span>simulated</span> one, a seeded simulation of ${countOf(view.others, "other customer")}</caption>
<thead><tr><th scope="col">shared</th><th scope="col"><span class="sr-only">bars: exact, then simulated</span></th><th scope="col">exact</th><th scope="col">simulated</th></tr></thead>
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
    [`Fixed sharding, ${countOf(groups, "group")}`, view.blast.fixed, "fixed", "the poison customer's whole group"],
    [
      `Shuffle sharding, ${failover ? "with" : "without"} failover`,
      view.blast.shuffleExact,
      "shuffle",
      failover
        ? shard === 1
          ? "only customers that lost their one worker"
          : `only customers that lost all ${shard} of their workers`
        : "every customer that lost any of its workers",
    ],
  ];
  const body = rows
    .map(
      ([name, share, key, why]) => `<tr data-design="${key}">
  <th scope="row">${name}<span class="sx-why">${why}</span></th>
  <td class="sx-bars">${bar(share, key === "shuffle" ? "exact" : "other")}</td>
  <td data-figure="blast-${key}">${shareHtml(share)}</td>
</tr>`,
    )
    .join("\n");
  return `<table class="sx-table sx-blast">
<caption>Blast radius of one poison customer: share of the other customers that lose service</caption>
<tbody>${body}
<tr><th scope="row">Shuffle, simulated<span class="sx-why">seed ${view.state.seed}</span></th><td class="sx-bars">${bar(view.blast.shuffleSimulated, "sim")}</td><td data-figure="blast-simulated">${shareHtml(view.blast.shuffleSimulated)}</td></tr>
</tbody>
</table>`;
}

/**
 * One sentence for screen readers, announced after each change. Its two shares are the blast
 * table's simulated shuffle and fixed rows, written by the table's rule (percentAnySize: one
 * decimal from 1%, two figures below, a trailing zero only where the share was rounded there),
 * so the same share reads the same in the sentence, the table and the chapter's prose ("25%" in
 * all three) and "0 (0%)" sits beside it by the same rule. Both are 0 or at least 1 / 2,048 (the
 * most fixed groups, and one customer of a million): never a power of ten. The count of possible
 * shards can be one (C(2,048, 32) is "2.73 × 10 to the power of 70 (71 digits)", spokenPowers).
 */
export function summary(view: ExplorerView): string {
  const { workers, shard, failover } = view.state;
  const hurt = failover ? view.lostAll : view.lostAll + view.lostSome;
  const possible = view.possibleShards === "1" ? "possible shard" : "possible shards";
  return (
    `${countOf(workers, "worker")}, shards of ${shard}: ${spokenPowers(view.possibleShards)} ${possible}. ` +
    `Of ${countOf(view.others, "other customer")}, ${grouped(view.lostAll)} ${lose(view.lostAll)} every worker and ${grouped(view.lostSome)} ${lose(view.lostSome)} some; ` +
    `${failover ? "with" : "without"} failover ${grouped(hurt)} (${percentAnySize(hurt / view.others)}) ${lose(hurt)} service, against ${percentAnySize(view.blast.fixed)} with fixed groups.`
  );
}

/** A count said as a power of ten in words, its figures first: "2.73 × 10 to the power of 70". */
const spokenPower = /\d+(?:\.\d+)? × 10 to the power of (?:minus )?\d+/g;

/**
 * The sentence as the page shows it, as HTML: the same text (a screen reader hears the same
 * words), with a count said as a power of ten kept on one line (`.sx-whole`). At 390 px
 * "2.73 × 10 to the power of 70" broke after "10 to the", and "power of 70" began the next line.
 */
export function summaryHtml(sentence: string): string {
  return escapeHtml(sentence).replace(spokenPower, (power) => `<span class="sx-whole">${power}</span>`);
}

function failoverNote(view: ExplorerView): string {
  const n = view.lostSome;
  const who = `the <strong>${grouped(n)}</strong> ${n === 1 ? "customer that lost some of its workers" : "customers that lost some of their workers"}`;
  return view.state.failover
    ? `<p class="sx-note" data-figure="failover-note">Failover on: ${who} ${n === 1 ? "retries on the ones left and stays up" : "retry on the ones left and stay up"}.</p>`
    : `<p class="sx-note" data-figure="failover-note">Failover off: clients keep sending to their dead workers, so ${who} ${n === 1 ? "sees" : "see"} errors too.</p>`;
}

export function renderExplorer(view: ExplorerView, { headingLevel = 3 }: { headingLevel?: 2 | 3 } = {}): string {
  const h = `h${headingLevel}`;
  // The chance of the very same shard as the chapter's prose writes it: "1 in 28 = 3.6%" (the
  // share on one line, as a table cell's: "1.33 × 10⁻⁶%" never breaks after its "×"). A projector
  // shows the share alone, under the count of shards it is one in, so the view fits one screen.
  const sameShard = oneInWhole(view.shardCount);
  return `<div class="sx-panels">
<section class="sx-panel" aria-label="Workers">
  <${h}>Workers</${h}>
  ${workerGrid(view)}
  ${groupStrip(view)}
</section>
<section class="sx-panel" aria-label="Possible shards">
  <${h}>Possible shards</${h}>
  <p class="sx-big" data-figure="possible-shards">${wholeNumberHtml(view.shardCount)}</p>
  <p class="sx-note">Chance another customer holds the very same shard: <strong data-figure="same-shard"><span class="sx-more">1 in ${sameShard.whole.html} = </span><span class="sx-sci" data-figure="inverse">${sameShard.share.html}</span></strong></p>
  <p class="sx-note">Simulated: <strong data-figure="lost-all">${grouped(view.lostAll)}</strong> other ${view.lostAll === 1 ? "customer loses" : "customers lose"} every worker, <strong data-figure="lost-some">${grouped(view.lostSome)}</strong> ${lose(view.lostSome)} some, <strong data-figure="lost-none">${grouped(view.lostNone)}</strong> ${lose(view.lostNone)} none.</p>
</section>
</div>
<section class="sx-panel sx-wide" aria-label="Overlap">${overlapTable(view)}</section>
<section class="sx-panel sx-wide" aria-label="Blast radius">${blastTable(view)}${failoverNote(view)}</section>`;
}
