/**
 * The part of a widget's bootstrap every widget shares: its page code loads on the first touch
 * (pointer, focus, key or input inside its root), so nothing heavy ships before interaction.
 * Kept tiny and free of imports: it runs on every page that has a widget.
 */
const firstTouch = ["pointerdown", "focusin", "keydown", "input"] as const;

/**
 * The press a reader makes before the page's scripts have arrived (a slow network shows the HTML
 * seconds before them) is held by a tiny classic script inlined in every page's head
 * (`holdEarlyPresses`, built by src/integrations/early-input.ts), on the widgets whose root
 * carries `data-early`: their forms are never sent natively (the page would reload to
 * `?answer=…`, the answer and the reader's place lost), and each root's last pressed button (or
 * form, for Enter in a form without a button) is kept and shown waiting. The script leaves what
 * the bootstraps need as `window.brEarly` (EarlyPresses), so that they carry no code of it: a
 * bootstrap takes its root's press when it arms (`take`), which also ends the hold on that root,
 * and makes it again once its widget has mounted (`again`). Past the window's load every
 * bootstrap has run: a root none took (its code failed to load) is let go, its press dropped,
 * and its forms go back to the browser's own submission. Without JavaScript nothing of this
 * runs, and the page is as it was.
 */
export interface EarlyPresses {
  /**
   * The press held for `root` before its bootstrap ran, if any, taken once: from then on the
   * bootstrap handles the root's presses itself (the early script lets them be). Its control is
   * still shown waiting, until `again` (the widget has mounted) or `done` (its load failed).
   */
  take(root: EventTarget): HTMLElement | undefined;
  /**
   * Show `control` waiting for its widget's code: marked (`data-early-wait`), with its font size
   * (`--early-size`) for its busy label (`data-busy-label`), which src/widgets/early-wait.css
   * shows in place of its words; those stay its name, and the text a widget's mount reads. Its
   * width as it was (`--early-width`) is the least it takes meanwhile, so a shorter busy label
   * ("Starting…" for "Start the game") moves nothing beside it.
   */
  wait(control: Element | null | undefined): void;
  /** `control` waits no more (its press was made again, or dropped). */
  done(control: Element | null | undefined): void;
  /** Make a held press again, now the widget's handlers exist: a click, or a form's submission. */
  again(control: Element): void;
}

/** Where the early script leaves its presses: `window.brEarly`, absent where it did not run. */
export interface EarlyGlobal {
  brEarly?: EarlyPresses;
}

/**
 * The classic script inlined in every page's head (see above): run before the body is parsed, it
 * listens on the document, so it holds the presses in widgets drawn after it.
 */
export function holdEarlyPresses(win: Window & EarlyGlobal = window, doc: Document = document): void {
  const earlyRoot = "data-early";
  const mark = "data-early-wait";
  const held = new Map<EventTarget, HTMLElement>();
  let over = false;
  // Checked by its shape, not its class: the unit tests run without a DOM.
  const isElement = (control: unknown): control is HTMLElement =>
    !!control && typeof control === "object" && "style" in control;
  const wait = (control: unknown) => {
    if (!isElement(control) || control.hasAttribute(mark)) return;
    const { fontSize, width } = getComputedStyle(control);
    control.style.setProperty("--early-size", fontSize);
    control.style.setProperty("--early-width", width);
    control.setAttribute(mark, "");
  };
  const done = (control: unknown) => {
    if (!isElement(control) || !control.hasAttribute(mark)) return;
    control.removeAttribute(mark);
    control.style.removeProperty("--early-size");
    control.style.removeProperty("--early-width");
  };
  win.brEarly = {
    take(root) {
      (root as Partial<Element>).removeAttribute?.(earlyRoot);
      const control = held.get(root);
      held.delete(root);
      return control;
    },
    wait,
    done,
    again(control) {
      done(control);
      if ("requestSubmit" in control) (control as HTMLFormElement).requestSubmit();
      else control.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    },
  };
  const hold = (event: Event) => {
    const target = event.target as Element;
    const root = over ? null : target.closest?.(`[${earlyRoot}]`);
    if (!root) return;
    const submit = event.type === "submit";
    if (submit) event.preventDefault();
    const control = submit ? ((event as SubmitEvent).submitter ?? target) : target.closest("button");
    if (!isElement(control) || control.getAttribute("aria-disabled") === "true") return;
    const before = held.get(root);
    if (before !== control) done(before);
    held.set(root, control);
    wait(control);
  };
  doc.addEventListener("click", hold, true);
  doc.addEventListener("submit", hold, true);
  win.addEventListener("load", () => {
    over = true;
    for (const [root, control] of held)
      if ((root as Element).hasAttribute(earlyRoot)) {
        done(control);
        held.delete(root);
      }
  });
}

export interface LazyMountOptions {
  /** Further events that also count as a first touch (e.g. "toggle", "change", "click"). */
  alsoOn?: readonly string[];
  /**
   * Clicks on a target matching this selector made before the widget has mounted: the last one
   * is clicked again once it has (its handlers exist only then).
   */
  replayClick?: string;
  /**
   * Told when the widget's code could not load (the network dropped, a build replaced the files
   * under the page), for the widget to say so. Whether or not it is given, a load that fails is
   * forgotten: the next touch, or a click on `replayClick`'s target, loads it again, and the
   * click held for the failed load is dropped (the reader presses again). Its words are
   * `couldNotLoad`'s.
   */
  failed?: (error: unknown) => void;
}

/**
 * What a widget says, in its status and read out, when its code could not load (`failed`): the
 * one sentence of every widget whose next press loads it again, `control` naming that press.
 */
export function couldNotLoad(widget: string, control: string): string {
  return `The ${widget} could not load: check your connection, then press ${control} to try again.`;
}

/**
 * Runs `mount` once, on the first touch of `root`: once it has succeeded, that is, for a load
 * that fails is tried again on the next touch (`failed`). Returns a function that starts it at
 * once (a shared link in the URL) and gives the same promise every time while a load is under
 * way or done; it rejects with the error of a load that failed. A widget that hands the press
 * made while it loaded to its mount, rather than have it made again once mounted, takes it with
 * `takePress` (it waits no more, and is not made again); its promise resolves once the widget
 * answers presses itself.
 */
export function mountOnFirstTouch(
  root: EventTarget,
  mount: (takePress: () => Element | null) => Promise<unknown>,
  options: LazyMountOptions = {},
): () => Promise<void> {
  const events = [...firstTouch, ...(options.alsoOn ?? [])];
  let mounted = false;
  const early = (globalThis as EarlyGlobal).brEarly;
  /** The press to make again once mounted, shown waiting until then (EarlyPresses). */
  let pendingClick: Element | null = null;
  const holdPress = (target: Element | null) => {
    if (pendingClick !== target) early?.done(pendingClick);
    pendingClick = target;
    early?.wait(target);
  };
  const takePress = () => {
    const press = pendingClick;
    holdPress(null);
    return press;
  };
  const { replayClick } = options;
  let loading: Promise<void> | undefined;
  // A touch starts the load; a failure the widget is told of (`failed`) is handled there, and one
  // it is not told of is left unhandled, for the console to show.
  const touched = () => {
    start().catch((error: unknown) => {
      if (!options.failed) throw error;
    });
  };
  const arm = () => {
    for (const type of events) root.addEventListener(type, touched, { capture: true, passive: true });
  };
  const start = (): Promise<void> => {
    if (!loading) {
      for (const type of events) root.removeEventListener(type, touched, true);
      loading = mount(takePress).then(
        () => {
          mounted = true;
          const press = takePress();
          if (press && early) early.again(press);
          else press?.dispatchEvent(new MouseEvent("click", { bubbles: true }));
        },
        (error: unknown) => {
          loading = undefined;
          holdPress(null);
          arm();
          options.failed?.(error);
          throw error;
        },
      );
    }
    return loading;
  };
  if (replayClick) {
    root.addEventListener(
      "click",
      (event) => {
        if (mounted) return;
        const target = (event.target as Element).closest(replayClick);
        if (!target) return;
        holdPress(target);
        // A press after a load failed (one quick to fail can fail before the press ends) loads again.
        if (!loading) touched();
      },
      { capture: true },
    );
  }
  arm();
  // A press made before this bootstrap ran, held by the page's early script: loaded for now, and
  // made again once mounted, as a press made while it loads.
  const held = early?.take(root);
  if (held) {
    holdPress(held);
    touched();
  }
  return start;
}
