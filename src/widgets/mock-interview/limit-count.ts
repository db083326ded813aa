/**
 * A field's count against its limit (limits.ts), kept beside it: the field's `maxlength` stops the
 * text at the limit, the counter (the field's description) says where it stands, and the page's
 * status says it once when the limit nears, when it is reached, and when a paste did not fit.
 */
import { type LimitLevel, limitAnnouncement, limitLevel, limitText, pasteCutText } from "./limits.ts";

export interface LimitCount {
  /** Redraws the count after the field's text was set by code (a resumed draft), saying nothing. */
  refresh(): void;
}

export function countTowardsLimit(
  field: HTMLInputElement | HTMLTextAreaElement,
  counter: HTMLElement,
  max: number,
  /** The field's name as said before its count ("Your answer"). */
  name: string,
  announce: (text: string) => void,
): LimitCount {
  field.maxLength = max;
  let level: LimitLevel = "quiet";
  /** A paste under way: its length, and the field's length less what it replaces. */
  let paste: { pasted: number; rest: number } | null = null;
  const draw = () => {
    const { length } = field.value;
    level = limitLevel(length, max);
    counter.textContent = limitText(length, max);
    counter.dataset.level = level;
  };
  const sayCut = (cut: string) => {
    counter.textContent = `${limitText(field.value.length, max)} ${cut}`;
    announce(`${name}: ${cut} ${limitText(field.value.length, max)}`);
  };
  field.addEventListener("paste", (event) => {
    // The field counts a line break as one character, whatever the clipboard holds.
    const text = ((event as ClipboardEvent).clipboardData?.getData("text/plain") ?? "").replace(/\r\n?/g, "\n");
    const selected = (field.selectionEnd ?? 0) - (field.selectionStart ?? 0);
    paste = { pasted: text.length, rest: field.value.length - selected };
    // A paste into a full field adds nothing, so no input follows it: what it did is said here.
    window.setTimeout(() => {
      if (!paste) return;
      const cut = pasteCutText(paste.pasted, field.value.length - paste.rest);
      paste = null;
      if (cut) sayCut(cut);
    });
  });
  const changed = () => {
    const from = level;
    draw();
    const cut = paste && pasteCutText(paste.pasted, field.value.length - paste.rest);
    paste = null;
    const said = limitAnnouncement(from, level, field.value.length, max, name);
    if (cut) sayCut(cut);
    else if (said) announce(said);
  };
  // Text being composed (an IME) stays in the field past maxlength until it is committed, and is
  // then cut: counted while composed, it was said to be over the limit ("shorten it"), which it
  // never is. The count follows the committed text.
  field.addEventListener("input", (event) => {
    if (!(event as InputEvent).isComposing) changed();
  });
  field.addEventListener("compositionend", changed);
  draw();
  return { refresh: draw };
}
