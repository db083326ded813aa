/** Registers the offline service worker on built sites (never in `astro dev`). */
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    // Beside the site's pages, at the root or under a sub-path (BASE_PATH): its scope is the site.
    navigator.serviceWorker.register(`${import.meta.env.BASE_URL.replace(/\/?$/, "/")}sw.js`).catch(() => {
      // Offline support is a bonus: the course works online without it.
    });
  });
}
