import { serveStatic } from "./tests/support/static-server.ts";
import { openBrowser } from "./tests/support/chromium.ts";
const server = await serveStatic("dist");
for (const width of [1280, 390]) {
  for (const theme of ["light", "dark"]) {
    const s = await openBrowser({ viewport: { width, height: 900 } });
    const page = s.page;
    await page.goto(`${server.url}/shuffle-sharding/`);
    await page.evaluate((t) => localStorage.setItem("starlight-theme", t), theme);
    await page.reload();
    const box = page.locator("#playground-shuffle-shard");
    await box.locator("[data-code]").click();
    await box.locator(".cm-editor").waitFor();
    await box.locator(".cm-content").click();
    await page.keyboard.press("Control+a");
    await page.keyboard.insertText("await fetch('/x');\n");
    await page.keyboard.press("Control+Enter");
    await box.locator("[data-note]").waitFor();
    await box.scrollIntoViewIfNeeded();
    await box.screenshot({ path: `/tmp/sb/shots/error-${width}-${theme}.png` });
    await s.close();
  }
}
await server.close();
