/**
 * Whether a key press is a widget's one-key shortcut rather than part of the browser's, the
 * site's or a form control's own: with Ctrl, Alt or Meta held it is theirs (Ctrl+0 resets the
 * zoom, Ctrl+1 switches tabs, Ctrl+K opens the site's search), and the replay and the game day
 * leave it alone; they once paused on Ctrl+0 and Ctrl+K. AltGr, which some keyboard layouts need
 * to type `[` or `]` (and which Windows reports as Ctrl and Alt held), still types a shortcut.
 * Shift is not looked at: the key's character already says what it typed ("1" on a layout that
 * needs Shift for it).
 *
 * Nor is a key a shortcut where a typed character means something (`typesCharacters`): in a text
 * field it is text, and in a list (a <select>) it picks the option its letter starts. The game
 * day once changed speed on a "2" typed in an action's target list.
 *
 * `altTypes`: the shortcut's character may be typed with Alt alone, as Option types `[` and `]`
 * on some Mac layouts (German, Swiss); Alt with a digit or a letter stays the browser's.
 */
export function shortcutKey(
  event: Pick<KeyboardEvent, "ctrlKey" | "altKey" | "metaKey" | "getModifierState" | "target">,
  altTypes = false,
): boolean {
  if (typesCharacters(event.target)) return false;
  if (event.metaKey) return false;
  if (event.getModifierState("AltGraph")) return true;
  if (event.ctrlKey) return false;
  return !event.altKey || altTypes;
}

/** What a key press's target is looked at for: an element's name, an input's type, and whether it is editable text. */
type Target = { tagName?: unknown; type?: unknown; isContentEditable?: unknown };

/** Inputs that take no typed characters: a slider (the arrow keys move it), a check box, a radio button. */
const takesNoCharacters = new Set(["range", "checkbox", "radio"]);

/**
 * Whether a character typed with the focus on `target` means something there: a text area, a
 * list, any input but a slider, a check box or a radio button, and editable text.
 */
function typesCharacters(target: EventTarget | null): boolean {
  const el = target as Target | null;
  if (!el || typeof el.tagName !== "string") return false;
  switch (el.tagName.toUpperCase()) {
    case "TEXTAREA":
    case "SELECT":
      return true;
    case "INPUT":
      return !takesNoCharacters.has(String(el.type).toLowerCase());
    default:
      return el.isContentEditable === true;
  }
}
