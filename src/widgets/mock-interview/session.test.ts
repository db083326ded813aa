/**
 * The running stage's keyboard focus, on a stand-in for the page: a button hidden under the
 * keyboard's focus drops it to the page's body, where a keyboard user loses their place, so the
 * stage hands it on first. The unit project runs in Node, so the few parts of the DOM the stage
 * touches are faked here, with the one browser rule that matters: hiding the focused element
 * sends the focus to the body.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import type { Ui } from "./dom.ts";
import { planFor } from "../../course/interview/plan.ts";
import { Round } from "./round.ts";
import { draftKey, parseDraft } from "./draft.ts";
import { answerLimits, limitText } from "./limits.ts";
import { type DraftStores, type Interview, RunningStage, reclaimedNote, yieldedWarning } from "./session.ts";

const minute = 60_000;

class FakeElement {
  textContent = "";
  tabIndex = -1;
  value = "";
  readonly dataset: Record<string, string> = {};
  readonly children: FakeElement[] = [];
  private readonly attributes = new Map<string, string>();
  private isHidden = false;

  constructor(
    private readonly page: FakePage,
    readonly name: string,
  ) {}

  get hidden(): boolean {
    return this.isHidden;
  }

  set hidden(hidden: boolean) {
    this.isHidden = hidden;
    // As a browser does: a hidden element cannot keep the focus, which falls to the body.
    if (hidden && this.page.activeElement === this) this.page.activeElement = this.page.body;
  }

  focus(): void {
    if (!this.isHidden) this.page.activeElement = this;
  }

  append(...nodes: FakeElement[]): void {
    this.children.push(...nodes);
  }

  replaceChildren(...nodes: FakeElement[]): void {
    this.children.splice(0, this.children.length, ...nodes);
  }

  setAttribute(name: string, value: string): void {
    this.attributes.set(name, value);
  }

  removeAttribute(name: string): void {
    this.attributes.delete(name);
  }

  toggleAttribute(name: string, on: boolean): void {
    if (on) this.attributes.set(name, "");
    else this.attributes.delete(name);
  }

  addEventListener(): void {}
}

class FakePage {
  readonly body = new FakeElement(this, "body");
  activeElement: FakeElement = this.body;
  private readonly fields = new Map<string, FakeElement>();
  /** The stage's ticker, run by the test when it moves the clock. */
  tick: () => void = () => {};
  readonly said: string[] = [];

  element(name: string): FakeElement {
    let el = this.fields.get(name);
    if (!el) {
      el = new FakeElement(this, name);
      this.fields.set(name, el);
    }
    return el;
  }

  ui(): Ui {
    return {
      root: this.element("root") as unknown as HTMLElement,
      field: <T extends HTMLElement>(name: string) => this.element(name) as unknown as T,
      button: (action: string) => this.element(`button:${action}`) as unknown as HTMLButtonElement,
      announce: (text: string) => this.said.push(text),
      quiet: () => {},
      said: () => this.said.at(-1) ?? "",
    };
  }
}

let page: FakePage;

beforeEach(() => {
  page = new FakePage();
  vi.stubGlobal("document", {
    get activeElement() {
      return page.activeElement;
    },
    body: page.body,
    createElement: (tag: string) => new FakeElement(page, tag),
    createTextNode: (text: string) => Object.assign(new FakeElement(page, "#text"), { textContent: text }),
  });
  vi.stubGlobal("window", {
    setInterval: (run: () => void) => {
      page.tick = run;
      return 1;
    },
    clearInterval: () => {},
  });
});

afterEach(() => vi.unstubAllGlobals());

/** A design round with no follow-ups, running from `now`, on the fake page. */
function designRound(clock: { now: number }, on: FakePage = page, stores?: DraftStores, tab?: string) {
  const now = () => clock.now;
  const question = {
    id: "design-test",
    title: "A design",
    prompt: "Design it.",
    type: "design",
    followUps: [],
  } as unknown as Interview["question"];
  const round = new Round(planFor({ type: "design", followUps: [] }, 0), now);
  const interview: Interview = { question, seed: null, round, minutes: 32, startedAt: "2026-03-02T09:00:00.000Z" };
  const stage = new RunningStage(on.ui(), () => interview, now, stores, tab);
  stage.show(interview, "", false);
  return { stage, round, interview };
}

describe("the running stage keeps the keyboard's place", () => {
  test("moving on into the last phase hands the focus to the phase's name, not the body", () => {
    const clock = { now: 0 };
    const { stage, round } = designRound(clock);
    const next = page.element("button:next");
    for (const label of ["interface", "high-level design", "deep dive"]) {
      expect(next.textContent).toBe(`Move on to the ${label}`);
      next.focus();
      stage.moveOn();
    }
    expect(round.phase).toBe(3);
    expect(next.hidden).toBe(true);
    expect(page.activeElement).not.toBe(page.body);
    expect(page.activeElement).toBe(page.element("phase-name"));
    // What the focus lands on says where the learner now is.
    expect(page.activeElement.textContent).toBe("Phase 4 of 4: Deep dive");
  });

  test("moving on earlier leaves the focus on the button, which stays for the next phase", () => {
    const clock = { now: 0 };
    const { stage } = designRound(clock);
    const next = page.element("button:next");
    next.focus();
    stage.moveOn();
    expect(next.hidden).toBe(false);
    expect(page.activeElement).toBe(next);
  });

  test("the high-level design's time running out under the focus hands it on too", () => {
    const clock = { now: 0 };
    const { stage } = designRound(clock);
    const next = page.element("button:next");
    next.focus();
    stage.moveOn();
    stage.moveOn();
    expect(next.textContent).toBe("Move on to the deep dive");
    clock.now += 12 * minute;
    page.tick();
    expect(next.hidden).toBe(true);
    expect(page.activeElement).toBe(page.element("phase-name"));
  });

  test("time up with the focus on Pause hands it to the button that opens the debrief", () => {
    const clock = { now: 0 };
    designRound(clock);
    const pause = page.element("button:pause");
    pause.focus();
    clock.now += 32 * minute;
    page.tick();
    expect(pause.hidden).toBe(true);
    const finish = page.element("button:finish");
    expect(page.activeElement).toBe(finish);
    expect(finish.textContent).toBe("Time is up: debrief me");
  });
});

/** localStorage as the page has it, refusing writes when `full`. */
function storage(full = false) {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      if (full) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      items.set(key, value);
    },
    removeItem: (key: string) => void items.delete(key),
  };
}

describe("the draft keeps the answer as typed", () => {
  test("the answer field takes the limit the history keeps, and a resumed answer near it shows its count", () => {
    const { stage, interview } = designRound({ now: 0 });
    const notes = page.element("notes") as unknown as HTMLTextAreaElement;
    expect(notes.maxLength).toBe(answerLimits.notes);
    expect(page.element("notes-count").textContent).toBe(limitText(0, answerLimits.notes));
    const long = "n".repeat(answerLimits.notes - 10);
    stage.show(interview, long, true);
    expect(page.element("notes-count").textContent).toBe(limitText(long.length, answerLimits.notes));
    expect(page.element("notes-count").dataset.level).toBe("near");
  });

  test("a 20,000-character answer is kept whole, so a reload loses none of it", () => {
    const store = storage();
    vi.stubGlobal("localStorage", store);
    const { stage } = designRound({ now: 0 });
    const notes = "Cells behind a thin router. ".repeat(1000).slice(0, 20_000);
    page.element("notes").value = notes;
    stage.keepDraft();
    const draft = JSON.parse(store.items.get("blast-radius:interview-draft:v1")!);
    expect(draft.notes).toHaveLength(20_000);
    expect(draft.notes).toBe(notes);
  });

  test("a draft from a tab with no claim (a page from before claims) is left to it; this tab keeps its answer in its own tab's storage", () => {
    const device = storage();
    const tab = storage();
    const { stage } = designRound({ now: 0 }, page, { device: () => device, tab: () => tab });
    device.items.set(draftKey, "the other tab's interview");
    stage.otherTabWrote("the other tab's interview");
    stage.otherTabWrote("the other tab's interview");
    page.element("notes").value = "typed here afterwards";
    expect(stage.keepDraft()).toBe(true);
    expect(device.items.get(draftKey)).toBe("the other tab's interview");
    expect(JSON.parse(tab.items.get(draftKey)!).notes).toBe("typed here afterwards");
    expect(page.said).toEqual([yieldedWarning]);
  });

  test("a full storage is said once, not on every keystroke, and not while it keeps the draft", () => {
    vi.stubGlobal("localStorage", storage());
    const { stage } = designRound({ now: 0 });
    stage.keepDraft();
    expect(page.said).toEqual([]);
    vi.stubGlobal("localStorage", storage(true));
    stage.keepDraft();
    stage.keepDraft();
    expect(page.said).toEqual([
      "This browser is not keeping your answer (storage refused or full): a reload would lose it. Copy it somewhere safe.",
    ]);
  });
});

describe("a debrief changed after it was saved", () => {
  const debrief = (level: number) => ({ claims: [{ level, evidence: "cells" }], redFlags: [] });
  /** Another tab's interview, begun 5 s after this one's, as that tab keeps it on the device. */
  const otherTabsDraft = JSON.stringify({
    questionId: "q",
    seed: null,
    durationMs: 60_000,
    usedMs: 0,
    notes: "the other tab's answer",
    startedAt: "2026-03-02T09:05:00.000Z",
    claim: { at: 5000, tab: "b" },
  });

  test("is kept in the draft again, until it is saved again", () => {
    const device = storage();
    const tab = storage();
    const { stage } = designRound({ now: 0 }, page, { device: () => device, tab: () => tab });
    expect(stage.keepDraft(debrief(1))).toBe(true);
    stage.forgetDraft(); // saved to the history
    expect(device.items.get(draftKey)).toBeUndefined();
    expect(stage.keepDraft(debrief(2)), "nothing keeps a saved interview's draft by itself").toBe(false);
    expect(device.items.get(draftKey)).toBeUndefined();
    // Changed since: kept again, with the change, so a reload comes back to it.
    expect(stage.keepAgain(debrief(2))).toBe(true);
    expect(parseDraft(device.items.get(draftKey)!)?.debrief).toEqual(debrief(2));
    expect(stage.keepAgain(debrief(3))).toBe(true);
    expect(parseDraft(device.items.get(draftKey)!)?.debrief).toEqual(debrief(3));
    stage.forgetDraft(); // saved again
    expect(device.items.get(draftKey)).toBeUndefined();
    expect(tab.items.get(draftKey)).toBeUndefined();
    expect(page.said).toEqual([]);
  });

  test("where another tab's later interview took the device's draft meanwhile, is kept in this tab's storage, and the other's is left alone", () => {
    const device = storage();
    const tab = storage();
    const clock = { now: 0 };
    const { stage } = designRound(clock, page, { device: () => device, tab: () => tab }, "a");
    stage.forgetDraft(); // saved to the history
    // Another tab's interview, begun 5 s after this one's.
    const other = otherTabsDraft;
    device.items.set(draftKey, other);
    expect(stage.keepAgain(debrief(2))).toBe(true);
    expect(device.items.get(draftKey)).toBe(other);
    expect(parseDraft(tab.items.get(draftKey)!)?.debrief).toEqual(debrief(2));
    expect(page.said).toEqual([yieldedWarning]);
    // Saved again (or left for another question): this tab's copy goes, the other tab's stays.
    stage.forgetDraft();
    stage.forgetDraft();
    expect(tab.items.get(draftKey)).toBeUndefined();
    expect(device.items.get(draftKey)).toBe(other);
  });

  test("having left the device's draft to another tab, takes it back once that tab forgot it, and says so", () => {
    const device = storage();
    const tab = storage();
    const { stage } = designRound({ now: 0 }, page, { device: () => device, tab: () => tab }, "a");
    const other = otherTabsDraft;
    device.items.set(draftKey, other);
    stage.otherTabWrote(other);
    stage.forgetDraft(); // saved here (or in the other tab)
    device.items.delete(draftKey); // the other tab saved, and forgot its draft
    expect(stage.keepAgain(debrief(2))).toBe(true);
    expect(parseDraft(device.items.get(draftKey)!)?.debrief).toEqual(debrief(2));
    expect(tab.items.get(draftKey)).toBeUndefined();
    expect(page.said).toEqual([yieldedWarning, reclaimedNote]);
  });

  test("at the debrief, another tab's writes leave the debrief in the draft, in whichever storage keeps it", () => {
    const device = storage();
    const tab = storage();
    const { stage } = designRound({ now: 0 }, page, { device: () => device, tab: () => tab }, "a");
    const other = otherTabsDraft;
    stage.keepDraft(debrief(1));
    device.items.set(draftKey, other);
    stage.otherTabWrote(other, debrief(1));
    expect(parseDraft(tab.items.get(draftKey)!)?.debrief).toEqual(debrief(1));
    device.items.delete(draftKey);
    stage.otherTabWrote(null, debrief(1));
    expect(parseDraft(device.items.get(draftKey)!)?.debrief).toEqual(debrief(1));
  });

  test("an interview forgotten once leaves the device's draft alone after that, whoever wrote it since", () => {
    const device = storage();
    const { stage } = designRound({ now: 0 }, page, { device: () => device, tab: () => storage() });
    stage.keepDraft();
    stage.forgetDraft();
    device.items.set(draftKey, "another tab's interview");
    stage.forgetDraft(); // "Another question" after saving
    expect(device.items.get(draftKey)).toBe("another tab's interview");
  });
});

describe("two tabs, one device's draft", () => {
  /**
   * Two tabs on one device, as the browser runs them: they share localStorage (`device`), each has
   * its own sessionStorage, and a write reaches the other tab only later, as a storage event. The
   * events wait in `pending` until the test delivers them, in the order it chooses.
   */
  /** Tab a's interview starts at the clock's time, tab b's at `bStartsAt` (the same millisecond unless given). */
  function twoTabs(clock: { now: number }, bStartsAt = clock.now) {
    const device = storage();
    const pending: { to: "a" | "b"; value: string | null }[] = [];
    const pages = { a: new FakePage(), b: new FakePage() };
    const tabStores = { a: storage(), b: storage() };
    const deviceFor = (from: "a" | "b") => ({
      getItem: device.getItem,
      setItem: (key: string, value: string) => {
        device.setItem(key, value);
        pending.push({ to: from === "a" ? "b" : "a", value });
      },
      removeItem: (key: string) => {
        device.removeItem(key);
        pending.push({ to: from === "a" ? "b" : "a", value: null });
      },
    });
    const open = (name: "a" | "b") =>
      designRound(clock, pages[name], { device: () => deviceFor(name), tab: () => tabStores[name] }, name).stage;
    const a = open("a");
    clock.now = bStartsAt;
    const stages = { a, b: open("b") };
    /** Delivers the waiting events, the first `first` tab's before the other's, until none are left. */
    const deliver = (first: "a" | "b") => {
      for (let rounds = 0; pending.length > 0; rounds++) {
        expect(rounds, "the tabs settle").toBeLessThan(10);
        const i = Math.max(
          0,
          pending.findIndex((e) => e.to === first),
        );
        const [event] = pending.splice(i, 1);
        stages[event!.to].otherTabWrote(event!.value);
      }
    };
    const type = (name: "a" | "b", notes: string) => {
      pages[name].element("notes").value = notes;
      return stages[name].keepDraft();
    };
    const kept = (store: { getItem: (key: string) => string | null }) => parseDraft(store.getItem(draftKey))?.notes;
    return { device, tabStores, pages, stages, deliver, type, kept };
  }

  for (const first of ["a", "b"] as const)
    test(`both start in the same millisecond and both writes cross (tab ${first} hears first): one keeps the device's draft, the other its tab's, and both keep saving`, () => {
      const clock = { now: 0 };
      const tabs = twoTabs(clock);
      // Both write before either hears of the other's write (the race that stopped both before).
      expect(tabs.type("a", "A's answer")).toBe(true);
      expect(tabs.type("b", "B's answer")).toBe(true);
      tabs.deliver(first);
      // Same millisecond: the tab whose name sorts last keeps the device's draft, whichever heard first.
      expect(tabs.kept(tabs.device)).toBe("B's answer");
      expect(tabs.kept(tabs.tabStores.a)).toBe("A's answer");
      expect(tabs.pages.a.said).toEqual([yieldedWarning]);
      expect(tabs.pages.b.said).toEqual([]);

      // Both go on typing, and both keep saving: nothing either typed is lost.
      clock.now += 1000;
      expect(tabs.type("a", "A's answer, typed on")).toBe(true);
      expect(tabs.type("b", "B's answer, typed on")).toBe(true);
      tabs.deliver(first);
      expect(tabs.kept(tabs.device)).toBe("B's answer, typed on");
      expect(tabs.kept(tabs.tabStores.a)).toBe("A's answer, typed on");
      expect(tabs.kept(tabs.tabStores.b)).toBeUndefined();
    });

  test("an older tab's periodic save lands after a newer tab started: the newer writes its draft back, the older yields", () => {
    const clock = { now: 0 };
    // Tab b's interview began 5 s after a's; it writes, then a's older periodic save lands on top.
    const tabs = twoTabs(clock, 5000);
    expect(tabs.type("b", "B's answer")).toBe(true);
    expect(tabs.type("a", "A's answer")).toBe(true);
    expect(tabs.kept(tabs.device)).toBe("A's answer");
    tabs.deliver("b");
    expect(tabs.kept(tabs.device)).toBe("B's answer");
    expect(tabs.kept(tabs.tabStores.a)).toBe("A's answer");
    expect(tabs.pages.a.said).toEqual([yieldedWarning]);
  });

  test("once the device's draft is removed (the other tab saved its attempt), the yielded tab keeps its answer there again", () => {
    const clock = { now: 0 };
    const tabs = twoTabs(clock);
    tabs.type("a", "A's answer");
    tabs.type("b", "B's answer");
    tabs.deliver("a");
    tabs.stages.b.forgetDraft();
    tabs.deliver("a");
    expect(tabs.kept(tabs.device)).toBe("A's answer");
    expect(tabs.kept(tabs.tabStores.a)).toBeUndefined();
    expect(tabs.pages.a.said).toEqual([yieldedWarning, reclaimedNote]);
  });
});
