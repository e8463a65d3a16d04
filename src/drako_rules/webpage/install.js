// Offline and installable (issue 25): once the page is ready (body[data-ready]), register
// the service worker (sw.js), which keeps the page, Pyodide and the wheels for the next
// visits without the network; waiting for it keeps the first visit's downloads first. Where
// the browser offers to install the page as an app (beforeinstallprompt), an "Install"
// button appears in the header. Browsers allow service workers only on https:// and on
// this computer's own addresses (localhost, 127.x.x.x).
(() => {
  "use strict";
  const LABELS = { en: "Install", es: "Instalar", fr: "Installer" };
  let offer = null;

  const register = () => {
    if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
    navigator.serviceWorker.register("sw.js").catch(() => {
      // the page works as well without it, online
    });
  };

  const label = () => LABELS[(document.documentElement.lang || "en").slice(0, 2)] || LABELS.en;

  const button = () => {
    let found = document.getElementById("install");
    if (found) return found;
    found = document.createElement("button");
    found.type = "button";
    found.id = "install";
    found.hidden = true;
    found.textContent = label();
    found.addEventListener("click", async () => {
      if (!offer) return;
      const shown = offer;
      offer = null;
      found.hidden = true;
      await shown.prompt();
    });
    (document.querySelector("header .top") || document.querySelector("header") || document.body)
      .append(found);
    // the label follows the language switch (it sets <html lang>)
    new MutationObserver(() => { found.textContent = label(); })
      .observe(document.documentElement, { attributes: true, attributeFilter: ["lang"] });
    return found;
  };

  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    offer = event;
    button().hidden = false;
  });
  window.addEventListener("appinstalled", () => {
    offer = null;
    button().hidden = true;
  });

  const start = () => {
    if (document.body.dataset.ready === "true") {
      register();
      return;
    }
    const watch = new MutationObserver(() => {
      if (document.body.dataset.ready === "true") {
        watch.disconnect();
        register();
      }
    });
    watch.observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
  };
  if (document.body) start();
  else document.addEventListener("DOMContentLoaded", start);
})();
