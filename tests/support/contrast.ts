/**
 * WCAG 2's contrast ratio between two colours as `getComputedStyle` gives them ("rgb(r, g, b)" or
 * "rgba(r, g, b, a)"), computed in Node: a test reads the colours off the page and asks here, so
 * the formula is written once. Relative luminance as WCAG 2 defines it (and axe-core computes it):
 * https://www.w3.org/TR/WCAG21/#dfn-relative-luminance
 * `textContrast` reads an element's own text and background colours off the page and asks here.
 */
import type { Locator, Page } from "playwright-core";

/** The channels of a CSS colour: red, green and blue from 0 to 255, and its alpha (1 when it has none). */
function rgba(css: string): [number, number, number, number] {
  const [r, g, b, a = 1] = (css.match(/[\d.]+/g) ?? []).map(Number);
  if (r === undefined || g === undefined || b === undefined) throw new Error(`not an rgb() colour: ${css}`);
  return [r, g, b, a];
}

/** `top` (which may be translucent, as a shadow's colour is) laid over the opaque `under`. */
export function over(top: string, under: string): string {
  const [t, u] = [rgba(top), rgba(under)];
  const alpha = t[3];
  return `rgb(${[0, 1, 2].map((i) => t[i]! * alpha + u[i]! * (1 - alpha)).join(", ")})`;
}

function luminance(css: string): number {
  const [R, G, B] = rgba(css)
    .slice(0, 3)
    .map((c) => {
      const v = c / 255;
      return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
  return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
}

/** The contrast ratio of two opaque colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/**
 * The contrast ratio of an element's text against what is painted behind it, as the page computes
 * their colours now (in the theme it has at the moment): its own background and, where that is
 * translucent or transparent (a table cell in its row), its ancestors' laid under it up to the
 * first opaque one (white where none is, the canvas). Backgrounds of elements that are not its
 * ancestors (a box positioned under it) are not seen.
 */
export async function textContrast(element: Locator): Promise<number> {
  const [text, layers] = await element.evaluate((el) => {
    const backgrounds: string[] = [];
    for (let at: Element | null = el; at; at = at.parentElement) backgrounds.push(getComputedStyle(at).backgroundColor);
    return [getComputedStyle(el).color, backgrounds] as const;
  });
  const opaque = layers.findIndex((layer) => rgba(layer)[3] === 1);
  const seen = opaque < 0 ? layers : layers.slice(0, opaque + 1);
  const background = seen.reduceRight((under, layer) => over(layer, under), "rgb(255, 255, 255)");
  // Text in a translucent colour is the colour it makes over its background.
  return contrastRatio(over(text, background), background);
}

/** The colour `css` (a custom property of Starlight's, say) computes to on the page, as rgb(). */
export function computedColour(page: Page, css: string): Promise<string> {
  return page.evaluate((value) => {
    const probe = document.createElement("span");
    probe.style.color = value;
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  }, css);
}
