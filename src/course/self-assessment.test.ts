/**
 * Self-assessment: numbers read as people write them, claims judged by their evidence (found in
 * the candidate's own notes), levels and red flags.
 */
import { describe, expect, test } from "vitest";
import type { Criterion } from "./question-bank.ts";
import {
  type Claim,
  debrief,
  defencesNamed,
  evidenceChecks,
  judgeClaim,
  listRun,
  NotesRead,
  namesCost,
  numbersIn,
  pointDefences,
  sameFigure,
  sentencesOf,
  termRun,
} from "./self-assessment.ts";

/**
 * A point whose rubric names the defences and the words the evidence below uses: a defence must
 * be one its point's rubric names, and a quote must use a word of it.
 */
const criterion = (id: string, kind: Criterion["evidence"]["kind"], weight: 1 | 2 | 3, expect?: string): Criterion => ({
  id,
  point: id,
  weight,
  mid: "Names cells, load shedding or rate limits.",
  senior: "Asks what down means before sizing; says the router is shared by every cell.",
  staff: "Counts per tenant, every night.",
  evidence: expect === undefined ? { ask: "?", kind } : { ask: "?", kind, expect },
});

describe("numbers in evidence", () => {
  test("reads percentages, fractions, '1 in N', grouping and k/M suffixes", () => {
    expect(numbersIn("one cell, 12.5% of tenants")).toEqual([0.125]);
    expect(numbersIn("1/28 of them, or 1 in 1,820")).toEqual([1 / 28, 1 / 1820]);
    expect(numbersIn("75,000 tenant-minutes, 2.4k rps, 3M users")).toEqual([75_000, 2400, 3_000_000]);
    expect(numbersIn("about 43.2 minutes a month")).toEqual([43.2]);
    expect(numbersIn("no figure here")).toEqual([]);
    // A thousands group is three digits and no more.
    expect(numbersIn("4,8001 and 4,800")).toEqual([4, 8001, 4800]);
    // A unit word starting with k or m is not a multiplier.
    expect(numbersIn("15 minutes, 4 ms")).toEqual([15, 4]);
  });

  test("a share near 1 must match in its complement: 99.9% is not 99.7%", () => {
    expect(sameFigure(0.997, 0.997003)).toBe(true);
    expect(sameFigure(0.999, 0.997003)).toBe(false);
    expect(sameFigure(43, 43.2)).toBe(true);
    expect(sameFigure(50, 43.2)).toBe(false);
    expect(sameFigure(0.125, 0.125)).toBe(true);
  });

  test("defences are found by the words people use", () => {
    expect(defencesNamed("a bulkhead per dependency and a canary cell")).toEqual([
      "bulkhead",
      "cells",
      "staged rollout",
    ]);
    expect(defencesNamed("we hope for the best")).toEqual([]);
  });
});

describe("judging a claim", () => {
  const values = { "avail.serial": 0.997003 };
  /** Notes that hold every piece of evidence below: these tests are about the evidence's form. */
  const notes = [
    "A small share: one cell of 8, 12.5% of tenants.",
    "Serial: 0.999^3, about 99.7% end to end, not 99.9% end to end. Then 5.",
    "Cells, with more fixed cost per cell. More servers.",
    "Yes. I asked what down means first.",
  ].join("\n");

  test("a claim with no evidence, or evidence of the wrong kind, is not backed", () => {
    const number = criterion("n", "number", 2);
    expect(judgeClaim(number, { level: 2, evidence: "" }, notes, values).status).toBe("missing");
    expect(judgeClaim(number, { level: 2, evidence: "a small share" }, notes, values).status).toBe("missing");
    expect(judgeClaim(number, { level: 2, evidence: "one cell of 8, 12.5%" }, notes, values)).toMatchObject({
      status: "agrees",
      backed: 2,
    });
    expect(judgeClaim(number, { level: 0, evidence: "" }, notes, values).status).toBe("not-claimed");
  });

  test("a number checked against the reference says the reference when it disagrees", () => {
    const fixed = criterion("a", "number", 3, "avail.serial");
    const wrong = judgeClaim(
      fixed,
      { level: 3, evidence: "99.9% end to end" },
      notes,
      values,
      (v) => `${(v * 100).toFixed(2)}%`,
    );
    expect(wrong).toMatchObject({ status: "contradicts", backed: 0 });
    expect(wrong.message).toContain("99.70%");
    expect(judgeClaim(fixed, { level: 3, evidence: "0.999^3, about 99.7%" }, notes, values).status).toBe("agrees");
    expect(() => judgeClaim(criterion("b", "number", 1, "nope"), { level: 1, evidence: "5" }, notes, values)).toThrow(
      /nope/,
    );
  });

  test("a defence needs its name and its cost; a quote needs a sentence", () => {
    const defence = criterion("d", "defence", 2);
    expect(judgeClaim(defence, { level: 2, evidence: "more servers" }, notes, {}).status).toBe("missing");
    expect(judgeClaim(defence, { level: 2, evidence: "cells", cost: "" }, notes, {}).message).toMatch(/costs/);
    expect(
      judgeClaim(defence, { level: 2, evidence: "cells", cost: "more fixed cost per cell" }, notes, {}).status,
    ).toBe("agrees");
    const quote = criterion("q", "quote", 1);
    expect(judgeClaim(quote, { level: 1, evidence: "yes" }, notes, {}).status).toBe("missing");
    expect(judgeClaim(quote, { level: 1, evidence: "I asked what down means first" }, notes, {}).status).toBe("agrees");
  });
});

describe("evidence comes from the candidate's own notes", () => {
  // The QA pass's answer (D5): "x" in the notes, staff claimed on both points, with a figure
  // printed in the model answer on the same screen and a defence named only in the evidence.
  const values = { peak: 4800 };
  const figure = criterion("peak", "number", 2, "peak");
  const defence = criterion("shed", "defence", 1);
  const quote = criterion("said", "quote", 1);
  const staff: Claim[] = [
    { level: 3, evidence: "4,800" },
    { level: 3, evidence: "shed", cost: "some money" },
  ];

  test("a one-letter answer backs nothing, and each point says why", () => {
    const figureVerdict = judgeClaim(figure, staff[0]!, "x", values);
    expect(figureVerdict).toMatchObject({ status: "missing", backed: 0 });
    expect(figureVerdict.message).toMatch(/4,800 is not found in your notes/);
    const defenceVerdict = judgeClaim(defence, staff[1]!, "x", values);
    expect(defenceVerdict).toMatchObject({ status: "missing", backed: 0 });
    expect(defenceVerdict.message).toMatch(/not found in your notes/);
    // Any four words were a "sentence"; now they must be the candidate's.
    const quoteVerdict = judgeClaim(quote, { level: 3, evidence: "any four words about tenants" }, "x", {});
    expect(quoteVerdict).toMatchObject({ status: "missing", backed: 0 });
    expect(quoteVerdict.message).toMatch(/not found in your notes/);
  });

  test("so the debrief of that answer is not staff, nor backed at all", () => {
    const d = debrief([figure, defence], staff, "x", 0, values);
    expect(d.selfScore).toBe(1);
    expect(d.backedScore).toBe(0);
    expect(d.level).toBeNull();
    expect(d.disagreements).toBe(2);
  });

  test("the same evidence counts when the notes hold it", () => {
    const notes = "Peak is 4800 rps. Past that we shed the batch traffic; it costs some money in late reports.";
    const d = debrief([figure, defence], staff, notes, 0, values);
    expect(d.verdicts.map((v) => v.status)).toEqual(["agrees", "agrees"]);
    expect(d.level).toBe("staff");
  });

  test("the cost must be in the notes too, not only the defence", () => {
    const verdict = judgeClaim(defence, staff[1]!, "We shed load when the queue is full.", {});
    expect(verdict).toMatchObject({ status: "missing", backed: 0 });
    expect(verdict.message).toMatch(/costs? is not found in your notes/);
  });

  test("figures are found whatever their thousands separators, width or spaces", () => {
    for (const notes of [
      "peak 4800 rps",
      "peak 4,800 rps",
      "peak 4\u00a0800 rps", // a no-break space
      "peak 4\u202f800 rps", // a narrow no-break space, as French and SI write it
      "peak 4\u2019800 rps", // an apostrophe, as Swiss German writes it
      "peak \uff14\uff0c\uff18\uff10\uff10 rps", // full-width digits and comma
      "peak 4.8k rps",
    ])
      expect(judgeClaim(figure, { level: 2, evidence: "4,800" }, notes, values).status, notes).toBe("agrees");
    expect(judgeClaim(figure, { level: 2, evidence: "4\u00a0800 rps" }, "peak 4,800 rps", values).status).toBe(
      "agrees",
    );
  });

  test("a figure is matched as a number, not as characters inside another one", () => {
    for (const notes of ["14,800 rps", "4,8001", "48 00", "4,80"])
      expect(judgeClaim(figure, { level: 2, evidence: "4,800" }, notes, values).status, notes).toBe("missing");
  });

  test("every figure of the evidence must be in the notes, and the first missing one is named", () => {
    const any = criterion("any", "number", 1);
    const verdict = judgeClaim(any, { level: 1, evidence: "4,800 rps at 12.5%" }, "4800 rps", {});
    expect(verdict.status).toBe("missing");
    expect(verdict.message).toMatch(/12\.5% is not found in your notes/);
    expect(judgeClaim(any, { level: 1, evidence: "4,800 rps at 12.5%" }, "4800 rps, 12.5 %", {}).status).toBe("agrees");
  });

  test("a quote is found whatever its case, spacing, line breaks, quote marks and dashes", () => {
    const notes =
      "First I asked what \u201cdown\u201d  means \u2013\nbefore sizing anything. It\u2019s per tenant, every time.";
    for (const evidence of [
      "I asked what down means - before sizing anything",
      'i ASKED what "down" means before sizing',
      "  I asked   what 'down' means—before sizing.  ",
      "It's per tenant, every time",
    ])
      expect(judgeClaim(quote, { level: 1, evidence }, notes, {}).status, evidence).toBe("agrees");
  });

  test("a quote is whole words in the notes' order, not letters inside words or words out of order", () => {
    const notes = "We reshard the tenants every night, slowly.";
    expect(judgeClaim(quote, { level: 1, evidence: "shard the tenants every" }, notes, {}).status).toBe("missing");
    expect(judgeClaim(quote, { level: 1, evidence: "the tenants every night" }, notes, {}).status).toBe("agrees");
    expect(judgeClaim(quote, { level: 1, evidence: "every night the tenants" }, notes, {}).status).toBe("missing");
  });

  test("a defence's words are found the same way", () => {
    const notes = "Per-tenant rate limits at the edge; they cost a table of quotas to keep.";
    const verdict = judgeClaim(
      defence,
      { level: 1, evidence: "per tenant rate-limits", cost: "cost a table of quotas" },
      notes,
      {},
    );
    expect(verdict.status).toBe("agrees");
  });

  test("empty notes back nothing, and say so", () => {
    const verdict = judgeClaim(quote, { level: 1, evidence: "I asked what down means" }, "  \n ", {});
    expect(verdict).toMatchObject({ status: "missing", backed: 0 });
    expect(verdict.message).toMatch(/not found in your notes \(they are empty\)/);
  });

  test("a bare number backs nothing: its sentence must say what it is (red-team, session 58)", () => {
    const any = criterion("any", "number", 2);
    const bare = judgeClaim(any, { level: 2, evidence: "10" }, "We would use cells. 10", {});
    expect(bare).toMatchObject({ status: "missing", backed: 0 });
    expect(bare.message).toBe(
      "Your figure 10 stands alone in your notes: say beside it, in its sentence, what it is (its unit, what it counts, a word of this point) or work it out there.",
    );
    // A percentage sign is no word, and words far from the figure do not say what it is.
    expect(judgeClaim(any, { level: 2, evidence: "12.5%" }, "12.5%", {}).status).toBe("missing");
    expect(
      judgeClaim(any, { level: 2, evidence: "10" }, "We would think hard about this whole thing and then pick 10", {})
        .status,
    ).toBe("missing");
    // Its unit or what it counts, a word of its point's rubric, or the sum that gives it, in its sentence.
    for (const notes of [
      "10 cells.",
      "Each request gets 10 ms.",
      "Peak is 10 rps.",
      "We plan for 10 tenants at most.",
      "100 / 10 = 10, so that is it.",
      "The answer: 1000 divided by 100, or 10.",
    ])
      expect(judgeClaim(any, { level: 2, evidence: "10" }, notes, {}).status, notes).toBe("agrees");
    // The figure said with what it is counts where it is said, not where it stands alone.
    const read = new NotesRead("It is 10! We run 10 cells.");
    expect(judgeClaim(any, { level: 2, evidence: "10" }, read, {}).status).toBe("agrees");
    expect(read.free([0], { id: "other", point: "other" })).toBe(true);
    expect(read.free([1], { id: "other", point: "other" })).toBe(false);
  });

  test("the form checks come first: a wrong figure still says the reference, a missing cost still says so", () => {
    expect(judgeClaim(figure, { level: 2, evidence: "5,900" }, "x", values).status).toBe("contradicts");
    expect(judgeClaim(defence, { level: 2, evidence: "shed" }, "x", values).message).toMatch(/not what it costs/);
  });
});

describe("the debrief", () => {
  const rubric = [criterion("a", "number", 3), criterion("b", "defence", 2), criterion("c", "quote", 1)];
  const full: Claim[] = [
    { level: 3, evidence: "12.5% of tenants for 15 minutes" },
    { level: 2, evidence: "a canary cell", cost: "slower releases, a day per wave" },
    { level: 2, evidence: "the router is shared by every cell" },
  ];
  const notes =
    "One cell: 12.5% of tenants for 15 minutes. Deploy to a canary cell first, at the price of slower releases, a day per wave. But the router is shared by every cell.";

  test("scores are weighted shares of the top level; the level is where 75% of the weight is backed", () => {
    const d = debrief(rubric, full, notes, 0, {});
    expect(d.selfScore).toBeCloseTo((3 * 3 + 2 * 2 + 1 * 2) / 18, 12);
    expect(d.backedScore).toBeCloseTo(d.selfScore, 12);
    expect(d.disagreements).toBe(0);
    // Weight 5 of 6 is backed at senior or above; only 3 of 6 at staff.
    expect(d.level).toBe("senior");
  });

  test("self-score and evidence disagree when a tick has nothing behind it", () => {
    const claims: Claim[] = [{ level: 3, evidence: "small" }, full[1]!, full[2]!];
    const d = debrief(rubric, claims, notes, 0, {});
    expect(d.selfScore).toBeGreaterThan(d.backedScore);
    expect(d.disagreements).toBe(1);
    expect(d.verdicts[0]!.status).toBe("missing");
    // Half the weight lost: not even mid.
    expect(d.level).toBeNull();
  });

  test("one red flag sinks the answer at every level", () => {
    const d = debrief(rubric, full, notes, 1, {});
    expect(d.sunk).toBe(true);
    expect(d.level).toBeNull();
    expect(d.backedScore).toBeGreaterThan(0.5);
  });

  test("claims must match the rubric one for one", () => {
    expect(() => debrief(rubric, full.slice(1), notes, 0, {})).toThrow(RangeError);
  });
});

describe("evidence must be specific to its point and its question (audit, session 57)", () => {
  const defence = criterion("d", "defence", 2);
  const quote = criterion("q", "quote", 1);

  test("the page's list of checks is this one, and each clause is tested below", () => {
    expect(evidenceChecks).toBe(
      'is it in your notes, and not only in the question\'s words pasted back or in a list of terms (twelve words or more in a row with no small word such as "is", "the", "of", "to", "and" or "we"); is there a number, said in your notes with what it is (a unit, what it counts, or the sum that gives it), and is it the reference figure; is the defence one this point\'s rubric names, with a word of cost (costs, slower, latency, more…) in the same sentence; is a quote a sentence that uses a word of its point\'s rubric, with four words of your own, not the question\'s; and does each sentence of your notes back one point only: a sentence ends at a full stop, ? or !, a blank line, a list item, and a line break unless it plainly goes on (the next line in lower case, or a comma or a word like "of" before the break)',
    );
  });

  test("a defence must be one its point's rubric names: a bulkhead does not back a point about cells", () => {
    expect(pointDefences(defence)).toEqual(["load shedding", "rate limit or quota", "cells"]);
    const notes = "A bulkhead per dependency, which costs money.";
    const verdict = judgeClaim(defence, { level: 3, evidence: "A bulkhead", cost: "costs money" }, notes, {});
    expect(verdict).toMatchObject({ status: "missing", backed: 0 });
    expect(verdict.message).toBe(
      "Your evidence names bulkhead, which this point's rubric does not: it names load shedding, rate limit or quota or cells.",
    );
  });

  test("a cost must use a word of cost, not any two words", () => {
    expect(namesCost("it costs money")).toBe(true);
    expect(namesCost("slower releases")).toBe(true);
    expect(namesCost("blast radius")).toBe(false);
    const notes = "Cells for the tenants, blast radius.";
    const verdict = judgeClaim(defence, { level: 2, evidence: "Cells", cost: "blast radius" }, notes, {});
    expect(verdict.message).toBe("What you say it costs has no word of cost in it (costs, slower, latency, more…).");
  });

  test("the cost must be in the sentence that names the defence", () => {
    const claim: Claim = { level: 2, evidence: "cells", cost: "costs money" };
    const apart = judgeClaim(defence, claim, "We would use cells. It costs money and latency.", {});
    expect(apart).toMatchObject({ status: "missing", backed: 0 });
    expect(apart.message).toMatch(/not in the sentence that names the defence/);
    expect(judgeClaim(defence, claim, "We would use cells, which costs money per cell.", {}).status).toBe("agrees");
    // A sentence wrapped over two lines is one sentence; a new line that starts anew is another.
    expect(sentencesOf("We would use cells, which\ncosts money. Then\nNext line")).toEqual([
      "We would use cells, which\ncosts money.",
      "Then",
      "Next line",
    ]);
  });

  test("a sentence wrapped by hand goes on where it plainly goes on, before a capital or a figure too (red-team, session 58)", () => {
    const notes =
      "When the database slows we keep a retry budget that caps retries at 10% of\nRequests, which costs latency on a blip.";
    expect(sentencesOf(notes)).toEqual([notes]);
    const claim: Claim = { level: 2, evidence: "a retry budget", cost: "costs latency on a blip" };
    expect(judgeClaim(criterion("budget", "defence", 2), claim, notes, {}).status).toBe("agrees");
    expect(sentencesOf("Two copies at 99% give\n99.99% together.")).toHaveLength(1);
    expect(sentencesOf("Cells, which\nCost money")).toHaveLength(1);
    // The bank's own model answers wrap so: "reaches that only\n68.6% of the time", "about\n900,000
    // requests", "the lag itself\n(warm pools…)".
    expect(sentencesOf("The canary reaches that only\n68.6% of the time.")).toHaveLength(1);
    expect(sentencesOf("That is about\n900,000 requests.")).toHaveLength(1);
    expect(sentencesOf("Shorten the lag itself\n(warm pools, a smaller window).")).toHaveLength(1);
    // Notes a line a point, unpunctuated, are a sentence a line: each can back its own point.
    expect(sentencesOf("Cells per tenant\nRate limits at the edge\n10 cells of 100 tenants")).toEqual([
      "Cells per tenant",
      "Rate limits at the edge",
      "10 cells of 100 tenants",
    ]);
  });

  test("a sentence ends where a sentence ends: . ! ? (past a closing quote), a blank line, a list item", () => {
    expect(sentencesOf('Cells first. Why? Cost! He said "shed load." Then rate limits')).toEqual([
      "Cells first.",
      "Why?",
      "Cost!",
      'He said "shed load."',
      "Then rate limits",
    ]);
    expect(sentencesOf("Cells per tenant\n\nRate limits at the edge\n  \nShed load")).toEqual([
      "Cells per tenant",
      "Rate limits at the edge",
      "Shed load",
    ]);
    // Each list item is a sentence, its mark dropped, however it is marked; a figure inside one stays.
    expect(
      sentencesOf("Plan:\n- Cells per tenant\n* Rate limits\n\u2022 Shed load\n1. Canary\n2) Roll back 10% first"),
    ).toEqual(["Plan:", "Cells per tenant", "Rate limits", "Shed load", "Canary", "Roll back 10% first"]);
    // A decimal point or a figure at a line start is no end.
    expect(sentencesOf("One cell is 12.5% of\n8 cells in all")).toEqual(["One cell is 12.5% of\n8 cells in all"]);
  });

  test("a quote of the question's own words backs nothing, nor does a sentence of the question pasted back", () => {
    const asked = "How do you describe how bad a failure is for every tenant, each night?";
    const notes = `${asked}\nI asked what down means for a tenant first.`;
    const echo = judgeClaim(
      quote,
      { level: 1, evidence: "a failure is for every tenant" },
      new NotesRead(notes, asked),
      {},
    );
    expect(echo.message).toBe(
      "Your quote is the question's own words: quote what you said, with four words or more not in the question.",
    );
    const own = judgeClaim(quote, { level: 1, evidence: "I asked what down means" }, new NotesRead(notes, asked), {});
    expect(own.status).toBe("agrees");
    // A figure found only in the question pasted back.
    const figure = criterion("n", "number", 1);
    const pasted = judgeClaim(
      figure,
      { level: 2, evidence: "3 zones" },
      new NotesRead("We run 3 replicas in 3 zones.", "We run 3 replicas in 3 zones. Are we safe?"),
      {},
    );
    expect(pasted.message).toBe(
      "Your figure 3 is only in the question's own words, pasted into your notes: an echo of the question backs nothing.",
    );
  });

  test("a list of terms backs nothing: twelve words in a row with no small word (red-team, session 58)", () => {
    expect(listRun).toBe(12);
    // Small words end a run; a figure neither counts nor ends one; hyphens part words, as everywhere.
    expect(termRun("We would use cells, which costs money per cell.")).toBe(2);
    expect(termRun("5,000 tenants x 15 min")).toBe(3);
    expect(termRun("5,000 tenants x 15 min = 75,000 tenant-minutes")).toBe(5);
    expect(termRun("cells 8 shuffle 28 sharding")).toBe(3);
    expect(termRun("cells shuffle sharding bulkheads the retry budget")).toBe(4);
    const list = "cells shuffle sharding bulkheads retry budget load shedding latency cost blast radius canary quotas";
    expect(termRun(list)).toBe(14);
    const message = (what: string) =>
      `${what} is in a list of terms in your notes, not a sentence: 14 words in a row with no small word such as "is", "the", "of", "to", "and" or "we". A list names things without saying what you would do with them, so it backs nothing: write it as a sentence.`;
    // Each kind of evidence, found in the list, backs nothing, and the debrief says why in those words.
    const shed: Claim = { level: 3, evidence: "load shedding", cost: "latency cost" };
    expect(judgeClaim(defence, shed, list, {})).toMatchObject({
      status: "missing",
      backed: 0,
      message: message("The defence you pasted"),
    });
    expect(judgeClaim(quote, { level: 3, evidence: "bulkheads retry budget load shedding" }, list, {})).toMatchObject({
      status: "missing",
      message: message("Your quote"),
    });
    expect(
      judgeClaim(criterion("n", "number", 2), { level: 2, evidence: "10 cells" }, `${list} 10 cells`, {}),
    ).toMatchObject({
      status: "missing",
      message: message("Your figure 10").replace("14 words", "15 words"),
    });
    // A list over lines in lower case is one sentence too; a term a line with capitals is a sentence a line.
    expect(judgeClaim(defence, shed, list.replace(/ /g, "\n"), {}).message).toBe(message("The defence you pasted"));
    // One small word at the front does not make a list a sentence: the run after it is still a list.
    expect(judgeClaim(defence, shed, `We use ${list}`, {}).backed).toBe(0);
    // The same terms said as sentences back their points, and terse notes with a small word now and
    // then are notes, not a list.
    const said = "We shed load at the front, which costs latency for the requests we reject.";
    expect(judgeClaim(defence, { ...shed, evidence: "We shed load", cost: "costs latency" }, said, {}).status).toBe(
      "agrees",
    );
    const terse = "token bucket per tenant, burst 2x, 429 retry-after, local counters fail open, costs latency";
    expect(termRun(terse)).toBeLessThan(listRun);
    expect(judgeClaim(defence, { level: 2, evidence: "token bucket", cost: "costs latency" }, terse, {}).status).toBe(
      "agrees",
    );
  });

  test("a quote must use a word of its point's rubric", () => {
    const verdict = judgeClaim(
      quote,
      { level: 1, evidence: "I would keep the blast radius small" },
      "I would keep the blast radius small.",
      {},
    );
    expect(verdict.message).toBe(
      "Your quote uses no word of this point's rubric: quote what you said about this point.",
    );
  });

  test("each sentence of the notes backs one point: the same sentence pasted for two points backs the first", () => {
    const rubric = [criterion("a", "quote", 2), criterion("b", "quote", 2)];
    const said = "I asked what down means for each tenant";
    const claims: Claim[] = [
      { level: 3, evidence: said },
      { level: 3, evidence: said },
    ];
    const once = debrief(rubric, claims, `${said}.`, 0, {});
    expect(once.verdicts.map((v) => v.status)).toEqual(["agrees", "missing"]);
    expect(once.verdicts[1]!.message).toBe(
      'Your quote is in a sentence of your notes that already backs "a": each sentence backs one point.',
    );
    expect(once.level).toBeNull();
    // Written twice, in two sentences, it backs both.
    expect(debrief(rubric, claims, `${said}. Then ${said}.`, 0, {}).level).toBe("staff");
  });
});
