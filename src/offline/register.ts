/** Registers the offline service worker on built sites (never in `astro dev`). */
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    navigator.serviceWorker.register("/sw.js").catch(() => {
      // Offline support is a bonus: the course works online without it.
    });
  });
}
