/**
 * The site's focus hand-off (focus.ts), on a stand-in for the page: the unit project runs in Node,
 * so the little of the DOM the module touches is faked here, with the browser's rules that matter:
 * an element hidden (itself or an ancestor), disabled, or neither a control nor given a tabindex
 * does not take the focus; hiding the focused element sends the focus to the body.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { handFocus, holdsFocus, setHidden } from "./focus.ts";

class FakeElement {
  parentElement: FakeElement | null = null;
  disabled = false;
  private isHidden = false;

  constructor(
    private readonly page: FakePage,
    readonly name: string,
    /** A button or a field takes the focus; a heading or a box only given a tabindex. */
    private readonly focusable: boolean,
  ) {}

  get hidden(): boolean {
    return this.isHidden;
  }

  set hidden(hidden: boolean) {
    this.isHidden = hidden;
    // As a browser does: a hidden element cannot keep the focus, which falls to the body.
    if (hidden && this.page.holds(this)) this.page.activeElement = this.page.body;
  }

  focus(options?: FocusOptions): void {
    this.page.focusCalls.push({ name: this.name, preventScroll: options?.preventScroll === true });
    for (let el: FakeElement | null = this; el; el = el.parentElement) if (el.isHidden) return;
    if (this.focusable && !this.disabled) this.page.activeElement = this;
  }
}

class FakePage {
  readonly body = new FakeElement(this, "body", false);
  activeElement: FakeElement = this.body;
  /** Each focus() asked for, in order: on which element, and whether it was to leave the page's scroll alone. */
  readonly focusCalls: { name: string; preventScroll: boolean }[] = [];

  /** A control (`focusable`) or a box, inside `parent` (the body unless given). */
  add(name: string, focusable: boolean, parent: FakeElement = this.body): FakeElement {
    const el = new FakeElement(this, name, focusable);
    el.parentElement = parent;
    return el;
  }

  /** Whether the focus is on `el` or inside it, as the browser knows it (not as focus.ts asks). */
  holds(el: FakeElement): boolean {
    for (let at: FakeElement | null = this.activeElement; at; at = at.parentElement) if (at === el) return true;
    return false;
  }
}

let page: FakePage;
const html = (el: FakeElement | null | undefined) => el as unknown as HTMLElement;

beforeEach(() => {
  page = new FakePage();
  vi.stubGlobal("document", {
    get activeElement() {
      return page.activeElement;
    },
    body: page.body,
  });
});

afterEach(() => vi.unstubAllGlobals());

describe("holdsFocus", () => {
  test("is true for the focused control and for a box the focus is inside", () => {
    const box = page.add("box", false);
    const button = page.add("button", true, box);
    button.focus();
    expect(holdsFocus(html(button))).toBe(true);
    expect(holdsFocus(html(box))).toBe(true);
  });

  test("is false for a control beside the focus, inside the focused one, or with the focus on the body", () => {
    const focused = page.add("focused", true);
    const beside = page.add("beside", true);
    const inner = page.add("inner", true, focused);
    expect(holdsFocus(html(focused))).toBe(false);
    focused.focus();
    expect(holdsFocus(html(beside), html(inner))).toBe(false);
  });

  test("is true when any of the controls holds it, controls not on the page being skipped", () => {
    const first = page.add("first", true);
    const second = page.add("second", true);
    second.focus();
    expect(holdsFocus(null, html(first), undefined, html(second))).toBe(true);
    expect(holdsFocus(null, undefined)).toBe(false);
    expect(holdsFocus()).toBe(false);
  });
});

describe("handFocus", () => {
  test("focuses the first heir that takes it, in the order given, and returns it", () => {
    const hidden = page.add("hidden", true);
    hidden.hidden = true;
    const disabled = page.add("disabled", true);
    disabled.disabled = true;
    const hiddenBox = page.add("hidden box", false);
    hiddenBox.hidden = true;
    const inHiddenBox = page.add("in a hidden box", true, hiddenBox);
    const untabbable = page.add("a heading with no tabindex", false);
    const taker = page.add("taker", true);
    const later = page.add("later", true);
    const heirs = [null, hidden, disabled, inHiddenBox, untabbable, undefined, taker, later].map(html);
    expect(handFocus(...heirs)).toBe(html(taker));
    expect(page.activeElement).toBe(taker);
  });

  test("with no heir that takes it, returns nothing and moves nothing", () => {
    const start = page.add("start", true);
    start.focus();
    const disabled = page.add("disabled", true);
    disabled.disabled = true;
    expect(handFocus(html(disabled), null)).toBeUndefined();
    expect(handFocus()).toBeUndefined();
    expect(page.activeElement).toBe(start);
  });
});

describe("handFocus with options", () => {
  test("focuses each heir tried with the options given first, and the first that takes it keeps it", () => {
    const disabled = page.add("disabled", true);
    disabled.disabled = true;
    const taker = page.add("taker", true);
    const later = page.add("later", true);
    expect(handFocus({ preventScroll: true }, null, html(disabled), html(taker), html(later))).toBe(html(taker));
    expect(page.activeElement).toBe(taker);
    // Each heir tried was asked not to scroll; the one after the taker was not tried.
    expect(page.focusCalls).toEqual([
      { name: "disabled", preventScroll: true },
      { name: "taker", preventScroll: true },
    ]);
  });

  test("without options (or with them empty) it focuses as before, the browser free to scroll", () => {
    const first = page.add("first", true);
    const second = page.add("second", true);
    expect(handFocus(html(first))).toBe(html(first));
    expect(handFocus({}, html(second))).toBe(html(second));
    expect(page.focusCalls).toEqual([
      { name: "first", preventScroll: false },
      { name: "second", preventScroll: false },
    ]);
  });

  test("with options and no heir that takes it, returns nothing and moves nothing", () => {
    const start = page.add("start", true);
    start.focus();
    const hidden = page.add("hidden", true);
    hidden.hidden = true;
    expect(handFocus({ preventScroll: true }, html(hidden), undefined)).toBeUndefined();
    expect(handFocus({ preventScroll: true })).toBeUndefined();
    expect(page.activeElement).toBe(start);
  });
});

describe("setHidden", () => {
  test("hiding the focused control hands the focus to its first heir that takes it, not the body", () => {
    const next = page.add("next", true);
    const gone = page.add("gone", true);
    gone.hidden = true;
    const phase = page.add("phase", true);
    next.focus();
    setHidden(html(next), true, html(gone), html(phase));
    expect(next.hidden).toBe(true);
    expect(page.activeElement).toBe(phase);
  });

  test("hiding a box with the focus inside hands it on too", () => {
    const box = page.add("question", false);
    const keep = page.add("keep", true, box);
    const heir = page.add("heir", true);
    keep.focus();
    setHidden(html(box), true, html(heir));
    expect(box.hidden).toBe(true);
    expect(page.activeElement).toBe(heir);
  });

  test("leaves a focus elsewhere where it is, and showing a control moves nothing", () => {
    const control = page.add("control", true);
    const elsewhere = page.add("elsewhere", true);
    const heir = page.add("heir", true);
    elsewhere.focus();
    setHidden(html(control), true, html(heir));
    expect(control.hidden).toBe(true);
    expect(page.activeElement).toBe(elsewhere);
    setHidden(html(control), false, html(heir));
    expect(control.hidden).toBe(false);
    expect(page.activeElement).toBe(elsewhere);
    // Shown already, with the focus: shown again (as the mock interview does each tick), it keeps it.
    control.focus();
    setHidden(html(control), false, html(heir));
    expect(page.activeElement).toBe(control);
  });

  test("with no heir that takes it, the focus falls to the body as the browser drops it", () => {
    const control = page.add("control", true);
    const heir = page.add("heir", true);
    heir.disabled = true;
    control.focus();
    setHidden(html(control), true, html(heir));
    expect(page.activeElement).toBe(page.body);
  });
});
