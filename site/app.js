// nomercy's app pages (Play, Train): JupyterLite's notebook interface showing one notebook of apps/
// with no code on screen. play/ and train/ send the browser to notebooks/index.html?path=apps/<page>.ipynb&app;
// with `app` in the address this script hides the code, menus and toolbar (app.css), runs the cells once
// the Pyodide kernel is ready, and keeps a "starting" note over the page until the widget is drawn. The app notebooks belong to the site: they are never saved to the
// browser's storage, so a newer site always opens its own version.
(function () {
  const params = new URLSearchParams(window.location.search);
  if (!params.has("app")) return;  // the notebook interface as it is (a lesson opened from the Lab)
  document.documentElement.classList.add("nm-app");

  function note(text, failed) {
    let box = document.getElementById("nm-app-note");
    if (!box) {
      box = document.createElement("div");
      box.id = "nm-app-note";
      box.setAttribute("role", "status");
      document.body.append(box);
    }
    box.textContent = text;
    box.classList.toggle("nm-app-failed", !!failed);
  }

  function until(test, every = 100) {
    return new Promise((resolve) => {
      const look = () => { const found = test(); if (found) resolve(found); else setTimeout(look, every); };
      look();
    });
  }

  const marks = (window.nmAppTimes = { script: performance.now() });  // read by benchmarks/site_speed.py

  async function start() {
    note("Starting Python in your browser… (the first visit takes longest)");
    const app = await until(() => window.jupyterapp);
    await app.started;
    await app.restored;
    marks.app = performance.now();
    const panel = await until(() => {
      const widget = app.shell.currentWidget;
      return widget && widget.sessionContext && widget.content && widget.context ? widget : null;
    });
    panel.context.save = async () => {};  // the app notebook is the site's: never saved over
    await panel.context.ready;
    await panel.sessionContext.ready;
    await until(() => panel.sessionContext.session && panel.sessionContext.session.kernel
      && panel.sessionContext.session.kernel.status === "idle");
    marks.kernel = performance.now();
    note("Dealing…");
    await app.commands.execute("notebook:run-all-cells");
    const problem = panel.node.querySelector(
      '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"], .jp-OutputArea-output.jp-mod-error');
    if (problem) {
      note("Something went wrong while starting: " + problem.textContent.trim().split("\n").slice(-1)[0], true);
      document.documentElement.classList.add("nm-app-error");
      return;
    }
    marks.run = performance.now();
    await until(() => panel.node.querySelector(".nm-w"));
    marks.drawn = performance.now();
    document.getElementById("nm-app-note").remove();
    document.documentElement.classList.add("nm-app-ready");
  }

  window.addEventListener("load", () => {
    start().catch((error) => note("Could not start: " + error, true));
  });
})();
