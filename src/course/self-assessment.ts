/**
 * Scoring a self-assessment against a levelled rubric, and showing where the self-score and the
 * evidence disagree. A candidate claims a level for each criterion and pastes the evidence behind
 * it (the number they gave, the defence and its cost, or what they said). The checks are
 * mechanical and say so (evidenceChecks, which the page prints): a number must be there (and match
 * the reference when the prompt fixed the inputs), written in the notes with what it is, not alone
 * (a bare "10" backed "blast radius against fixed cost" at staff; red-team, session 58); a defence
 * must be one the point's own rubric names, with its cost, in a word of cost, in the same sentence;
 * a quote must be a sentence with words of its own, not the question's; all of it must be in the
 * candidate's own notes, outside the question's words pasted back and outside any list of terms
 * (listRun words in a row with no small word: one unpunctuated line of keywords backed a point on
 * 48 of 52 questions; red-team, session 58); and each sentence of the notes
 * backs one point (a sentence ends at . ! or ?, a blank line, a list item, or a line break
 * where it does not plainly go on). Without the notes
 * check a one-letter answer was "staff" on a figure copied from the model answer shown on the same
 * screen; without the rest (audit, session 57) one 28-word note of defence names and a sentence
 * about blast radius, pasted into every question, was "staff" on 22 of 52 (any defence backed any
 * defence point, any two words of the notes were a cost, and one sentence backed every quote). A
 * claim without evidence that passes is not counted in the evidence-backed score. Ticking a red
 * flag sinks the answer at every level.
 *
 * Pure: no DOM. The mock interview's review stage and its tests use it.
 */
import { inWords, listNames } from "../format/words.ts";
import type { Criterion, Level } from "./question-bank.ts";

/** 0: not shown; 1..3: mid, senior, staff. */
export type Claimed = 0 | 1 | 2 | 3;
export const claimNames = ["not shown", "mid", "senior", "staff"] as const;

export interface Claim {
  level: Claimed;
  /** The evidence pasted for the claim. */
  evidence: string;
  /** For defence evidence: what the defence costs, in the candidate's words. */
  cost?: string;
}

export type VerdictStatus = "agrees" | "not-claimed" | "missing" | "contradicts";

export interface Verdict {
  status: VerdictStatus;
  /** One sentence for the debrief. */
  message: string;
  /** The level the evidence supports: the claimed one when it agrees, otherwise 0. */
  backed: Claimed;
}

/**
 * Defences and mechanisms by name, with the words people use for them; defence evidence must name
 * at least one. The list covers every mechanism the question bank's rubrics name at senior and
 * staff level (src/widgets/mock-interview/rubric-evidence.test.ts reads each of those rubric texts
 * as evidence against it), so the checker accepts the rubric's own answer.
 *
 * A word matches at the start of a word of the evidence ("shed" finds "shedding" but not
 * "published"), with hyphens read as spaces ("rate-limits" is "rate limits").
 */
export const defenceNames: Readonly<Record<string, readonly string[]>> = {
  bulkhead: [
    "bulkhead",
    "separate pool",
    "dedicated pool",
    "pool per",
    "own pool",
    "concurrency limit",
    "reserved capacity",
    "reserve capacity",
  ],
  isolation: ["isolat", "split", "separate", "dedicated", "compartment"],
  "circuit breaker": ["circuit breaker", "circuitbreaker", "breaker"],
  "retry budget": [
    "retry budget",
    "budget",
    "retry throttl",
    "token bucket for retries",
    "retries at one layer",
    "retry at one layer",
    "one layer retries",
    "retries off",
    "retry limit",
    "limit on retries",
    "max attempts",
    "cap attempts",
    "caps attempts",
  ],
  "backoff and jitter": ["backoff", "back off", "jitter"],
  timeout: ["timeout", "time out", "deadline"],
  "fail fast": ["fail fast", "fails fast", "failing fast", "fast reject"],
  "load shedding": ["shed", "loadshed", "admission", "reject early", "drop excess", "dropping expired", "drop expired"],
  prioritisation: ["priorit"],
  "rate limit or quota": [
    "rate limit",
    "ratelimit",
    "quota",
    "token bucket",
    "leaky bucket",
    "throttl",
    "global limit",
    "limited separately",
    "per tenant limit",
    "limits per",
    "limit per",
  ],
  "fair sharing": ["fair shar", "fairness", "fair queu", "weighted fair"],
  cells: ["cell"],
  "shuffle sharding": [
    "shuffle",
    "stored assignment",
    "assignment is stored",
    "assignments are stored",
    "assignment stored",
    "store the assignment",
    "stores the assignment",
    "store each customer",
    "assignment table",
  ],
  sharding: ["shard", "partition", "home region"],
  "moving tenants": [
    "moving a tenant",
    "move a tenant",
    "moving tenants",
    "move tenants",
    "tenant move",
    "migrate",
    "migration",
    "move tool",
    "repeatable tool",
  ],
  "static stability": ["static stab", "pre provision", "preprovision", "headroom", "n/(n 1)", "n 1"],
  "staged rollout": [
    "canary",
    "staged",
    "staging",
    "staggered",
    "progressive",
    "wave",
    "one cell first",
    "cell by cell",
    "rollout",
    "rolled out",
    "rolls out",
    "bake",
    "control group",
  ],
  rollback: ["rollback", "roll back", "rolls back"],
  "feature flag": ["feature flag", "kill switch", "flag"],
  "versioned changes": [
    "versioned",
    "versions",
    "versioning",
    "audit log",
    "change log",
    "changelog",
    "log changes",
    "logs changes",
  ],
  fallback: [
    "fallback",
    "fall back",
    "degrade",
    "stale",
    "default value",
    "serve cached",
    "serves the last",
    "serve the last",
  ],
  "request coalescing": ["coalesc", "single flight", "singleflight", "request collapsing", "lock per key"],
  "hedged requests": ["hedg", "backup request", "tied request"],
  idempotency: ["idempoten", "dedup"],
  "locks and conditional writes": [
    "lock",
    "conditional write",
    "compare and set",
    "compare and swap",
    "optimistic concurrency",
    "version check",
  ],
  replication: [
    "replica",
    "replicat",
    "redundan",
    "standby",
    "failover",
    "fail over",
    "fails over",
    "multi region",
    "multi az",
    "two regions",
    "second region",
    "active active",
    "active passive",
  ],
  quorum: [
    "quorum",
    "majority",
    "fencing",
    "lease",
    "consensus",
    "raft",
    "paxos",
    "stonith",
    "kill the old primary",
    "kills the old primary",
  ],
  reconciliation: ["reconcil"],
  backups: ["backup", "back up", "backs up", "point in time", "snapshot", "log archiv", "restore"],
  diversity: [
    "diversit",
    "two implementations",
    "second implementation",
    "second vendor",
    "another vendor",
    "multi vendor",
  ],
  "outlier detection": ["outlier", "eject"],
  "health checks": ["health check", "healthcheck", "liveness", "readiness", "fail open", "panic", "re resolve"],
  "detection and alerts": ["monitor", "alert", "runbook", "time to detect", "automat"],
  autoscaling: ["autoscal", "scale out", "scale up", "scaling schedule", "scheduled scaling"],
  "queue and async": ["queue", "async", "asynchronous", "outbox"],
  "cache warming": ["warm", "prewarm", "pre warm", "priming"],
  "chaos and game days": [
    "chaos",
    "game day",
    "gameday",
    "fault injection",
    "drill",
    "abort condition",
    "automatic stop",
  ],
};

/** Evidence as the table reads it: lower case, hyphens and dashes as spaces, one space between words. */
const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[-‐‑–—_]/g, " ")
    .replace(/\s+/g, " ");

/** Each defence's words as one pattern, each word anchored at the start of a word. */
const defencePatterns = Object.entries(defenceNames).map(([name, words]) => ({
  name,
  pattern: new RegExp(
    `(?<![a-z0-9])(?:${words.map((w) => normalise(w).replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")).join("|")})`,
  ),
}));

/** The defences a text names, in the table's order. */
export function defencesNamed(text: string): string[] {
  const read = normalise(text);
  return defencePatterns.filter(({ pattern }) => pattern.test(read)).map(({ name }) => name);
}

/** A number as a text states it: its value, the characters that wrote it, and where they start. */
interface Figure {
  value: number;
  text: string;
  at: number;
}

/** The figures a text states, with the characters of each, as numbersIn reads them. */
function figuresIn(text: string): Figure[] {
  const found: Figure[] = [];
  const scale: Record<string, number> = { k: 1e3, K: 1e3, m: 1e6, M: 1e6, b: 1e9, B: 1e9 };
  // A group of three ends there: "4,8001" is not 4,800 and then 1.
  const num = String.raw`\d+(?:,\d{3}(?!\d))*(?:\.\d+)?|\.\d+`;
  const pattern = new RegExp(
    String.raw`\b1\s+in\s+(${num})|(${num})(?:\s*\/\s*(${num}))?(\s*%|[kKmMbB](?![a-zA-Z]))?`,
    "g",
  );
  const read = (s: string) => Number(s.replace(/,/g, ""));
  for (const m of text.matchAll(pattern)) {
    let value: number;
    if (m[1] !== undefined) value = 1 / read(m[1]);
    else {
      value = m[3] !== undefined ? read(m[2]!) / read(m[3]) : read(m[2]!);
      const suffix = m[4]?.trim();
      if (suffix === "%") value /= 100;
      else if (suffix) value *= scale[suffix]!;
    }
    if (Number.isFinite(value)) found.push({ value, text: m[0], at: m.index });
  }
  return found;
}

/**
 * The numbers a text states, read the way people write them: "12.5%" is 0.125, "1 in 28" and
 * "1/28" are 1/28, "75,000", "2.4k" is 2,400, "3M" is 3,000,000, "1.5x" is 1.5.
 */
export function numbersIn(text: string): number[] {
  return figuresIn(text).map((f) => f.value);
}

/**
 * Text as the notes check reads both the notes and the evidence, so that evidence pasted from
 * the notes is found however either was typed: thousands separators dropped ("4,800", "4 800"
 * with a no-break or narrow space, "4’800" are all 4800), compatibility forms folded (NFKC:
 * full-width digits and commas), curly quotes made straight, lower case, and hyphens and dashes
 * read as spaces, as the defence words are.
 */
function plainText(text: string): string {
  // The typographic spaces go before NFKC, which turns them into plain spaces: a plain space
  // between digits is too often two numbers ("8 100 ms timeouts") to read as a separator.
  const groups = (separators: string) => new RegExp(`(?<=\\p{Nd})[${separators}](?=\\p{Nd}{3}(?!\\p{Nd}))`, "gu");
  return normalise(
    text
      .replace(groups("\u00a0\u2007\u2009\u202f"), "")
      .normalize("NFKC")
      .replace(groups(",'\u2019"), "")
      .replace(/[\u2018\u2019\u201a\u201b\u2032]/g, "'")
      .replace(/[\u201c\u201d\u201e\u201f\u2033]/g, '"'),
  );
}

/**
 * A text's words, one space apart, for finding a phrase in the notes: punctuation between words
 * goes ("cell." is "cell"), while a word's own stays ("12.5%", "it's", "0.999").
 */
function wordsOf(text: string): string {
  const words = plainText(text)
    .replace(/(\d)\s+%/g, "$1%")
    .match(/[\p{L}\p{M}\p{N}]+(?:['.][\p{L}\p{M}\p{N}]+)*%?/gu);
  return words ? words.join(" ") : "";
}

/**
 * Small words: the articles, pronouns, forms of "be", "have" and "do", modal verbs, prepositions
 * and conjunctions a sentence is built with, and a list of terms does without.
 */
const smallWords = new Set(
  [
    "a an the this that these those each every all some any no both either neither another other such",
    "i me my we us our you your he him his she her it its they them their who whom whose which what there here",
    "i'm we're we'd we'll it's that's there's they're don't doesn't isn't aren't won't can't",
    "is are was were be been being am has have had do does did can could will would shall should may might must",
    "of to in on at by for from with without into onto over under per as than about after before between through",
    "across within inside until against during via and or but so because since if when while where then though",
    "although unless nor not",
  ]
    .join(" ")
    .split(" "),
);

/**
 * Words in a row, none of them a small word, that make a sentence of the notes a list of terms,
 * which backs nothing. One unpunctuated line of defence names, words of cost and rubric words
 * ("cells shuffle sharding bulkheads retry budget load shedding latency cost blast radius
 * canary…") was one sentence that named a defence with a cost and used a rubric word, and it
 * backed a point on 48 of the 52 questions (red-team, session 58). The bank's own model answers,
 * follow-ups, rubrics and clarifications run to ten such words at most (evidence-bank.test.ts
 * measures them), a list of metrics or components inside a real sentence included.
 */
export const listRun = 12;

/**
 * The most words in a row in `text` with letters and none of them a small word (smallWords): a
 * figure neither counts nor ends a run, so "5,000 tenants x 15 min" runs to three.
 */
export function termRun(text: string): number {
  let longest = 0;
  let run = 0;
  for (const word of wordsOf(text).split(" ")) {
    if (!/\p{L}/u.test(word)) continue;
    run = smallWords.has(word) ? 0 : run + 1;
    longest = Math.max(longest, run);
  }
  return longest;
}

/** Whether two readings of a figure are the same number ("4,800" and "4.8k"), bar floating-point noise. */
const sameNumber = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));

/**
 * Whether a stated number is the reference value: within 5%, and for a share above one half
 * (an availability, a share untouched) its complement within 5% too, so 99.9% is not taken for
 * 99.7% (their unavailabilities differ threefold).
 */
export function sameFigure(stated: number, reference: number): boolean {
  const close = (a: number, b: number) => Math.abs(a - b) <= 0.05 * Math.abs(b) + 1e-12;
  if (!close(stated, reference)) return false;
  if (reference > 0.5 && reference < 1) return close(1 - stated, 1 - reference);
  return true;
}

/**
 * Words of cost, matched at the start of a word as the defence words are ("slow" finds "slower"):
 * what a defence's cost must use. Any two words of the notes were a cost before (audit, session 57).
 */
const costWords: readonly string[] = [
  "cost",
  "price",
  "pricier",
  "pay",
  "paid",
  "money",
  "spend",
  "expens",
  "latency",
  "slow",
  "delay",
  "wait",
  "lag",
  "overhead",
  "extra",
  "more",
  "less",
  "fewer",
  "lose",
  "lost",
  "loss",
  "waste",
  "idle",
  "spare",
  "complex",
  "complicat",
  "harder",
  "burden",
  "toil",
  "maintain",
  "maintenance",
  "operat",
  "reject",
  "refus",
  "drop",
  "stale",
  "risk",
  "downside",
  "trade",
  "penalt",
  "sacrific",
  "capacity",
  "weaker",
  "worse",
  "duplicat",
];

const costPattern = new RegExp(
  `(?<![a-z0-9])(?:${costWords.map((w) => w.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")).join("|")})`,
);

/** Whether a text says a cost: it has a word of cost (costWords). */
export function namesCost(text: string): boolean {
  return costPattern.test(normalise(text));
}

/** The defences a point's own rubric names, at any level: the only ones its defence evidence may name. */
export function pointDefences(criterion: Pick<Criterion, "point" | "mid" | "senior" | "staff">): string[] {
  return defencesNamed(`${criterion.point}. ${criterion.mid} ${criterion.senior} ${criterion.staff}`);
}

/** Words a quote needs, and words of its own (not the question's) among them. */
const quoteWords = 4;

/**
 * Words too common to tie a quote to a point: a rubric's own verbs ("names", "gives") and the
 * words any sentence has. A rubric word of four letters or more outside this list is the point's.
 */
const commonWords = new Set(
  "about also because been both does each every from gives have into just many more most much must names only other says some such than that their them then there these they this those uses very what when where which while will with without would your".split(
    " ",
  ),
);

/** A word as quotes and rubrics are compared: its first five letters ("routine" is "routinely"). */
const stem = (word: string) => word.slice(0, 5);

/** The stems read from each rubric text so far: a figure's check asks for them once a figure. */
const rubricStems = new Map<string, Set<string>>();

/** The words of a rubric text that tie a quote to it, as stems: four letters or more, not common. */
function stemsOf(text: string): Set<string> {
  let stems = rubricStems.get(text);
  if (stems === undefined) {
    stems = new Set(
      wordsOf(text)
        .split(" ")
        .filter((w) => /^\p{L}{4,}$/u.test(w) && !commonWords.has(w))
        .map(stem),
    );
    rubricStems.set(text, stems);
  }
  return stems;
}

type RubricText = Pick<Criterion, "point" | "mid" | "senior" | "staff" | "evidence">;

/** A point's rubric as one text: its name, its levels, its ask. */
const pointText = (c: RubricText) => `${c.point} ${c.mid} ${c.senior} ${c.staff} ${c.evidence.ask}`;

/** The words of a point's rubric (pointText) that tie a quote to it, as stems. */
const pointWords = (criterion: RubricText): Set<string> => stemsOf(pointText(criterion));

/**
 * Whether a quote uses a word of a rubric's text, stem for stem as pointWords reads a rubric: of one
 * descriptor alone, for the staff step (staff-step.ts), or of the whole point (aboutPoint).
 */
export function usesWordOf(quote: string, text: string): boolean {
  const own = stemsOf(text);
  return wordsOf(quote)
    .split(" ")
    .some((w) => w.length >= 4 && !commonWords.has(w) && own.has(stem(w)));
}

/** Whether a quote uses a word of its point's rubric (pointWords): says something of this point. */
const aboutPoint = (quote: string, criterion: RubricText): boolean => usesWordOf(quote, pointText(criterion));

/**
 * Units, measures and things counted: a word of these beside a figure says what the figure is
 * ("10 cells", "200 ms", "4.8k rps", "1.5x", "50% at peak"). Read whole, or without a plural "s".
 */
const unitWords = new Set(
  [
    "ms millisecond second sec s minute min hour hr h day week month year percent percentile nine x time",
    "rps qps rpm request req call queries query write read order payment job start search message event transaction error release deploy",
    "tenant customer user client instance server machine node host worker replica copies copy member leader",
    "zone region cell shard partition connection thread attempt retries retry",
    "peak load capacity utilisation utilization availability uptime downtime traffic rate latency lag budget headroom share",
  ]
    .join(" ")
    .split(" "),
);

/** How many words either side of a figure, in its sentence, may say what it is. */
const unitReach = 5;

/** Words of a number point's ask that say nothing of what a figure is ("paste the number you computed"). */
const askOnlyWords = new Set("paste computed number numbers figure figures gave chose".split(" "));

/**
 * A sentence that works its figures out: two figures joined by a sign of arithmetic ("5,000 x 15 =
 * 75,000"), or by its words ("1 minus 0.99 to the power 100", "20 divided by 7").
 */
const workedOut =
  /\d%?\s*(?:[=≈×*^÷+]|x(?=\s*\.?\d)|(?:minus|plus|times|divided by|multiplied by|to the power(?: of)?)(?=\s*\.?\d))\s*\.?\d|(?<![a-z])(?:divided by|multiplied by|to the power)(?![a-z])/;

/** A figure of the notes, with the words beside it in its sentence (unitReach either side). */
interface FigureRead {
  value: number;
  beside: string[];
}

/** The figures a sentence states, each with the words beside it. */
function figuresRead(sentence: string): FigureRead[] {
  const text = plainText(sentence);
  const words = (part: string) => wordsOf(part).split(" ").filter(Boolean);
  return figuresIn(text).map((f) => ({
    value: f.value,
    beside: [
      ...words(text.slice(0, f.at)).slice(-unitReach),
      ...words(text.slice(f.at + f.text.length)).slice(0, unitReach),
    ],
  }));
}

/**
 * Whether words beside a figure say what it is: a unit or a thing counted (unitWords), or a word of
 * its point's rubric (pointWords, less the ask's own verbs): "12.5% of tenants", not "10" alone.
 */
function saysWhat(beside: readonly string[], criterion: RubricText): boolean {
  const own = pointWords(criterion);
  return beside.some(
    (w) =>
      unitWords.has(w) ||
      (w.endsWith("s") && unitWords.has(w.slice(0, -1))) ||
      (/^\p{L}{4,}$/u.test(w) && !commonWords.has(w) && !askOnlyWords.has(w) && own.has(stem(w))),
  );
}

/**
 * What the checks are, as the page says them beside the rubric (src/components/MockInterview.astro):
 * each clause is one check of judgeClaim and debrief, and self-assessment.test.ts tests each.
 */
export const evidenceChecks = `is it in your notes, and not only in the question's words pasted back or in a list of terms (${inWords(listRun)} words or more in a row with no small word such as "is", "the", "of", "to", "and" or "we"); is there a number, said in your notes with what it is (a unit, what it counts, or the sum that gives it), and is it the reference figure; is the defence one this point's rubric names, with a word of cost (costs, slower, latency, more…) in the same sentence; is a quote a sentence that uses a word of its point's rubric, with ${inWords(quoteWords)} words of your own, not the question's; and does each sentence of your notes back one point only: a sentence ends at a full stop, ? or !, a blank line, a list item, and a line break unless it plainly goes on (the next line in lower case, or a comma or a word like "of" before the break)`;

/**
 * What the interviewer says in a question, as the notes check reads it: the prompt and the
 * follow-ups, with their push-backs. Notes that only repeat it back are no evidence of an answer.
 */
export function askedIn(question: {
  prompt: string;
  followUps: readonly { question: string; pushback?: { say: string } }[];
}): string {
  return [question.prompt, ...question.followUps.flatMap((f) => [f.question, f.pushback?.say ?? ""])].join("\n");
}

/** A list item's mark at the start of a line: a dash, star or bullet, or a number with "." or ")". */
const listItem = /^[^\S\n]*(?:[-*•‣◦–—]|\d{1,2}[.)])[^\S\n]+/gm;

/**
 * Words a sentence does not end on: a line that ends in one (or in a comma or semicolon) goes on
 * in the next line, whatever that line starts with ("12.5% of\n8 cells").
 */
const goesOn =
  /(?:[,;:(]|\b(?:a|an|the|and|or|but|of|to|at|by|for|from|in|on|per|with|which|that|than|as|is|are|give|gives|about|only|around|roughly|nearly|over|under|up|some|just))[^\S\n]*$/iu;

/** A line that starts so goes on the sentence before it: in lower case, or with a bracket or "%". */
const startsOn = /^\s*(?:\p{Ll}|[()%])/u;

/**
 * The sentences of notes: one ends where a sentence ends, at . ! or ? before a space (after any
 * closing quote or bracket; "12.5%" is one word), at a blank line, and where a list item starts.
 * A line break ends one too (notes are often one point a line, unpunctuated), unless the sentence
 * plainly goes on: the next line starts in lower case or with a bracket, or the line ends in a
 * comma or a word such as "of" or "about" (goesOn). A sentence wrapped by hand before a capital after any other word is two
 * ("we cap retries\nAt 10% of requests"): notes a line a point are the commoner case.
 */
export function sentencesOf(notes: string): string[] {
  const lines = notes.replace(listItem, "\n\n").split("\n");
  let text = lines[0]!;
  for (let i = 1; i < lines.length; i++)
    text += (startsOn.test(lines[i]!) || goesOn.test(lines[i - 1]!) ? "\n" : "\n\n") + lines[i];
  return text
    .split(/(?<=[.!?]["'\u2019\u201d)\]]*)\s+|\n[^\S\n]*\n\s*/u)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The point a sentence of the notes backs, once a claim's evidence was found there. */
interface Backing {
  id: string;
  point: string;
}

/**
 * The notes as the checks read them: their words in order, the sentence each word is in, the
 * figures of each sentence, the sentences that only repeat the question (`asked`, askedIn), the
 * longest run of words with no small word in each (termRun: a run of listRun is a list of terms),
 * and the point each sentence backs once a claim was found in it: a sentence backs one point.
 */
export class NotesRead {
  readonly empty: boolean;
  private readonly words: string[] = [];
  private readonly sentenceOf: number[] = [];
  private readonly figures: number[][] = [];
  private readonly sentences: string[] = [];
  /** Each sentence's figures with the words beside them, and whether it works them out: read when first asked. */
  private readonly told: ({ figures: FigureRead[]; worked: boolean } | undefined)[] = [];
  private readonly echo: boolean[] = [];
  private readonly runs: number[] = [];
  private readonly backs: (Backing | undefined)[] = [];
  readonly askedWords: ReadonlySet<string>;

  constructor(notes: string, asked = "") {
    this.empty = notes.trim() === "";
    this.askedWords = new Set(wordsOf(asked).split(" ").filter(Boolean));
    for (const sentence of sentencesOf(notes)) {
      const words = wordsOf(sentence).split(" ").filter(Boolean);
      if (words.length === 0) continue;
      const index = this.echo.length;
      for (const word of words) {
        this.words.push(word);
        this.sentenceOf.push(index);
      }
      this.figures.push(numbersIn(plainText(sentence)));
      this.sentences.push(sentence);
      this.echo.push(this.askedWords.size > 0 && words.every((w) => this.askedWords.has(w)));
      this.runs.push(termRun(sentence));
      this.backs.push(undefined);
    }
  }

  /** Each place `phrase` is in the notes as whole words in order: the sentences it spans. */
  find(phrase: string): number[][] {
    const want = wordsOf(phrase).split(" ").filter(Boolean);
    const found: number[][] = [];
    if (want.length === 0) return found;
    for (let start = 0; start + want.length <= this.words.length; start++) {
      if (want.every((w, k) => this.words[start + k] === w))
        found.push([...new Set(this.sentenceOf.slice(start, start + want.length))]);
    }
    return found;
  }

  /** The sentences that state `value` (as numbersIn reads them), each as a place. */
  findFigure(value: number): number[][] {
    return this.figures.flatMap((figures, i) => (figures.some((w) => sameNumber(w, value)) ? [[i]] : []));
  }

  /**
   * Whether sentence `s` says what its figure `value` is, for `criterion`: it works its figures out
   * (workedOut), or words beside the figure name its unit or what it counts (saysWhat).
   */
  saysWhat(s: number, value: number, criterion: Criterion): boolean {
    const sentence = this.sentences[s] ?? "";
    const told = (this.told[s] ??= { figures: figuresRead(sentence), worked: workedOut.test(plainText(sentence)) });
    return told.worked || told.figures.some((f) => sameNumber(f.value, value) && saysWhat(f.beside, criterion));
  }

  /**
   * Whether the sentences may back `point`: none is the question pasted back, none is a list of
   * terms, and none backs another point.
   */
  free(sentences: readonly number[], point: Backing): boolean {
    return sentences.every(
      (s) =>
        !this.echo[s] && this.runs[s]! < listRun && (this.backs[s] === undefined || this.backs[s]!.id === point.id),
    );
  }

  /** Why none of `places` may back `point` (each backs another point, is a list of terms, or is an echo). */
  whyTaken(places: readonly (readonly number[])[], what: string): string {
    const sentences = places.flat();
    const other = sentences.map((s) => this.backs[s]).find((b) => b !== undefined);
    if (other !== undefined)
      return `${what} is in a sentence of your notes that already backs "${other.point}": each sentence backs one point.`;
    const run = Math.max(...sentences.map((s) => this.runs[s]!));
    if (run >= listRun)
      return `${what} is in a list of terms in your notes, not a sentence: ${run} words in a row with no small word such as "is", "the", "of", "to", "and" or "we". A list names things without saying what you would do with them, so it backs nothing: write it as a sentence.`;
    return `${what} is only in the question's own words, pasted into your notes: an echo of the question backs nothing.`;
  }

  take(sentences: readonly number[], point: Backing): void {
    for (const s of sentences) this.backs[s] = { id: point.id, point: point.point };
  }
}

/**
 * How the evidence behind one claim stands up. `notes` is what the candidate wrote during the
 * interview (or NotesRead of it): the evidence counts only if it is there, outside any sentence
 * that repeats the question or backs another point; when it counts, its sentences back this point.
 * `values` holds the reference figures by name.
 */
export function judgeClaim(
  criterion: Criterion,
  claim: Claim,
  notes: string | NotesRead,
  values: Readonly<Record<string, number>>,
  format: (value: number, name: string) => string = String,
): Verdict {
  if (claim.level === 0) return { status: "not-claimed", message: "Not claimed.", backed: 0 };
  const read = typeof notes === "string" ? new NotesRead(notes) : notes;
  const evidence = claim.evidence.trim();
  const missing = (message: string): Verdict => ({ status: "missing", message, backed: 0 });
  if (evidence === "") return missing("You ticked it but pasted no evidence.");
  // Evidence the answer does not hold is no evidence of the answer, however well formed (the model
  // answer's figures are on the same screen). The form is checked first, so its advice comes first.
  const empty = read.empty ? " (they are empty)" : "";
  const notFound = (what: string) => missing(`${what} is not found in your notes${empty}. Paste it as you wrote it.`);
  /** The first of `places` that may back this point, or the reason none may. */
  const placed = (places: number[][], what: string): number[] | string =>
    places.find((p) => read.free(p, criterion)) ?? read.whyTaken(places, what);
  let used: number[] = [];
  const { kind, expect } = criterion.evidence;
  if (kind === "number") {
    const stated = figuresIn(plainText(evidence));
    if (stated.length === 0) return missing("Your evidence has no number in it.");
    if (expect !== undefined) {
      const reference = values[expect];
      if (reference === undefined) throw new Error(`criterion ${criterion.id}: no reference value named ${expect}`);
      if (!stated.some((n) => sameFigure(n.value, reference)))
        return {
          status: "contradicts",
          message: `Your number is not the reference figure, ${format(reference, expect)}.`,
          backed: 0,
        };
    }
    // Compared as numbers, so "4,800" is found in "4.8k" but not in "14,800"; every figure the
    // evidence states must be the candidate's, named as they typed it when one is not.
    for (const figure of stated) {
      const typed = (figuresIn(evidence).find((f) => sameNumber(f.value, figure.value)) ?? figure).text.trim();
      const places = read.findFigure(figure.value);
      if (places.length === 0) return notFound(`Your figure ${typed}`);
      const free = places.filter((p) => read.free(p, criterion));
      if (free.length === 0) return missing(read.whyTaken(places, `Your figure ${typed}`));
      // A figure alone says nothing of what it is: its sentence must say (red-team, session 58).
      const place = free.find((p) => p.some((s) => read.saysWhat(s, figure.value, criterion)));
      if (place === undefined)
        return missing(
          `Your figure ${typed} stands alone in your notes: say beside it, in its sentence, what it is (its unit, what it counts, a word of this point) or work it out there.`,
        );
      used = [...used, ...place];
    }
  } else if (kind === "defence") {
    const named = defencesNamed(evidence);
    if (named.length === 0)
      return missing("Your evidence names no defence the course knows (bulkhead, cells, canary, quota…).");
    const own = pointDefences(criterion);
    if (!named.some((n) => own.includes(n)))
      return missing(
        `Your evidence names ${listNames(named)}, which this point's rubric does not: it names ${listNames(own, "or")}.`,
      );
    const cost = claim.cost?.trim() ?? "";
    if (cost === "") return missing("You named a defence but not what it costs.");
    if (!namesCost(cost))
      return missing("What you say it costs has no word of cost in it (costs, slower, latency, more…).");
    const defences = read.find(evidence);
    if (defences.length === 0) return notFound("The defence you pasted");
    const costs = read.find(cost);
    if (costs.length === 0) return notFound("What you say it costs");
    // The cost counts where the defence is named: in a sentence of the defence's.
    const withCost = defences.filter((d) => costs.some((c) => c.every((s) => d.includes(s))));
    if (withCost.length === 0)
      return missing(
        "What you say it costs is not in the sentence that names the defence: say the cost where you name it.",
      );
    const place = placed(withCost, "The defence you pasted");
    if (typeof place === "string") return missing(place);
    used = place;
  } else {
    const quoted = wordsOf(evidence).split(" ").filter(Boolean);
    if (quoted.length < quoteWords) return missing("Quote what you said: a sentence, not a word or two.");
    if (quoted.filter((w) => !read.askedWords.has(w)).length < quoteWords)
      return missing(
        `Your quote is the question's own words: quote what you said, with ${inWords(quoteWords)} words or more not in the question.`,
      );
    if (!aboutPoint(evidence, criterion))
      return missing("Your quote uses no word of this point's rubric: quote what you said about this point.");
    const places = read.find(evidence);
    if (places.length === 0) return notFound("Your quote");
    const place = placed(places, "Your quote");
    if (typeof place === "string") return missing(place);
    used = place;
  }
  read.take(used, criterion);
  // The checks above are all the page can make of the evidence: it passes them, and the level
  // claimed counts. That is the page's reading, not a judgement that the answer was right.
  return { status: "agrees", message: "Your evidence passes the page's checks.", backed: claim.level };
}

export interface Debrief {
  verdicts: Verdict[];
  /** Weighted share of the top level, as you scored yourself. */
  selfScore: number;
  /** The same, counting only claims your evidence supports. */
  backedScore: number;
  /** The highest level at which criteria carrying 75% of the weight are backed, or null (below mid, or sunk). */
  level: Level | null;
  /** Red flags ticked: any one sinks the answer. */
  sunk: boolean;
  /** Criteria whose claim the evidence does not support. */
  disagreements: number;
}

/** The share of the weight that must be backed at a level to reach it. */
export const levelBar = 0.75;

export interface DebriefOptions {
  /** What the interviewer said (askedIn): a sentence of the notes that only repeats it backs nothing. */
  asked?: string;
  /** A further check of point `i`'s verdict, against the same notes (the staff step, staff-step.ts). */
  andThen?: (i: number, verdict: Verdict, notes: NotesRead) => Verdict;
}

/**
 * The debrief of `claims` against `rubric`, their evidence judged against the candidate's `notes`,
 * point by point in the rubric's order: a sentence that backs one point backs no later one.
 */
export function debrief(
  rubric: readonly Criterion[],
  claims: readonly Claim[],
  notes: string,
  redFlagsTicked: number,
  values: Readonly<Record<string, number>>,
  format?: (value: number, name: string) => string,
  options: DebriefOptions = {},
): Debrief {
  if (claims.length !== rubric.length) throw new RangeError(`${rubric.length} criteria, ${claims.length} claims`);
  const read = new NotesRead(notes, options.asked);
  const verdicts = rubric.map((c, i) => {
    const verdict = judgeClaim(c, claims[i]!, read, values, format);
    return options.andThen ? options.andThen(i, verdict, read) : verdict;
  });
  const total = rubric.reduce((sum, c) => sum + c.weight * 3, 0);
  const selfScore = rubric.reduce((sum, c, i) => sum + c.weight * claims[i]!.level, 0) / total;
  const backedScore = rubric.reduce((sum, c, i) => sum + c.weight * verdicts[i]!.backed, 0) / total;
  const weight = rubric.reduce((sum, c) => sum + c.weight, 0);
  const sunk = redFlagsTicked > 0;
  let level: Level | null = null;
  if (!sunk) {
    for (const [i, name] of (["mid", "senior", "staff"] as const).entries()) {
      const atLeast = rubric.reduce((sum, c, j) => sum + (verdicts[j]!.backed >= i + 1 ? c.weight : 0), 0);
      if (atLeast / weight >= levelBar) level = name;
    }
  }
  const disagreements = verdicts.filter((v) => v.status === "missing" || v.status === "contradicts").length;
  return { verdicts, selfScore, backedScore, level, sunk, disagreements };
}
