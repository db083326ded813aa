import { chromium } from "playwright-core";
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless=new", "--no-sandbox"] });
for (const theme of ["light", "dark"]) {
  const p = await b.newPage({ viewport: { width: 1280, height: 720 } });
  await p.addInitScript((t) => localStorage.setItem("starlight-theme", t), theme);
  await p.goto("http://127.0.0.1:4391/present/retry-storm/");
  await p.keyboard.press("PageDown");
  await p.locator('[data-retry-storm][data-state="ready"]').waitFor({ timeout: 90000 });
  await p.keyboard.press("PageDown");
  await p.keyboard.press("PageDown");
  await p.screenshot({ path: `/tmp/shots/rs-mid-${theme}.png` });
  const m = () =>
    p.evaluate(() => ({
      sh: document.documentElement.scrollHeight,
      ch: document.documentElement.clientHeight,
      fig: Math.min(
        ...[...document.querySelectorAll(".rs-chart:not([data-off]) figcaption, .u-legend th, .rs-summary")]
          .filter((e) => (e as HTMLElement).offsetParent)
          .map((e) => parseFloat(getComputedStyle(e).fontSize)),
      ),
    }));
  console.log(theme, "mid", JSON.stringify(await m()));
  await p.locator("button[data-reveal]").click();
  await p.waitForTimeout(1500);
  console.log(theme, "revealed", JSON.stringify(await m()));
  await p.screenshot({ path: `/tmp/shots/rs-rev-${theme}.png` });
  await p.close();
}
await b.close();
