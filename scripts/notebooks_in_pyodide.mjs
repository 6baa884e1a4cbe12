// Run every code cell of the given notebooks in the built site's own Pyodide, under Node: the build's
// check that no notebook fails in the browser's Python (scripts/build_site.py calls it).
//
//   node scripts/notebooks_in_pyodide.mjs SITE CONTENTS NOTEBOOK...
//
// SITE is the built folder (its static/pyodide/ holds Pyodide's core, the lock and every wheel the
// kernel loads); CONTENTS is a folder laid out like the site's file browser (notebooks/, docs/,
// puzzles/), mounted at /drive as the kernel sees it, so paths and the progress folder work as there.
// Each notebook runs top to bottom in a namespace of its own, from its own folder. The first failure
// prints one line, "NOTEBOOK cell N: Error: message", and the exit status is 1.
import { existsSync, readFileSync, statSync } from "node:fs";
import { join, dirname, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const USAGE = "usage: node scripts/notebooks_in_pyodide.mjs SITE CONTENTS NOTEBOOK...";
const refuse = (why) => { console.error(`notebooks_in_pyodide.mjs: ${why}; ${USAGE}`); process.exit(2); };
const given = process.argv.slice(2);
if (given.includes("-h") || given.includes("--help")) { console.log(USAGE); process.exit(0); }
const option = given.find((argument) => argument.startsWith("-"));
if (option !== undefined) refuse(`unknown option '${option}': it takes no options`);
const [site, contents, ...notebooks] = given;
if (!site || !contents || notebooks.length === 0) refuse("it needs a site, a folder of contents and a notebook");
if (!existsSync(join(site, "static", "pyodide", "pyodide.mjs"))) refuse(`${site} is not a built site (no static/pyodide/pyodide.mjs)`);
if (!existsSync(contents) || !statSync(contents).isDirectory()) refuse(`${contents} is not a folder`);
const missing = notebooks.find((notebook) => !notebook.endsWith(".ipynb") || !existsSync(join(contents, notebook)));
if (missing !== undefined) refuse(`${missing} is not a notebook (.ipynb) in ${contents}`);
const core = resolve(site, "static", "pyodide");
const { loadPyodide } = await import(pathToFileURL(join(core, "pyodide.mjs")).href);
const lock = JSON.parse(readFileSync(join(core, "pyodide-lock.json"), "utf8"));
// what a notebook imports, as the kernel preloads it (the kernel's own packages are not needed here)
const wanted = ["nomercy", "anywidget", "ipywidgets", "ipython"].filter((name) => name in lock.packages);
const pyodide = await loadPyodide({ indexURL: core + "/", packages: wanted, stdout: () => {}, stderr: () => {} });
pyodide.FS.mkdirTree("/drive");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: resolve(contents) }, "/drive");

for (const notebook of notebooks) {
  const cells = JSON.parse(readFileSync(join(contents, notebook), "utf8")).cells;
  const namespace = pyodide.globals.get("dict")();
  pyodide.runPython(`import os; os.chdir(${JSON.stringify("/drive/" + dirname(notebook))})`);
  let n = 0;
  for (const cell of cells) {
    if (cell.cell_type !== "code") continue;
    n += 1;
    const source = Array.isArray(cell.source) ? cell.source.join("") : cell.source;
    try {
      await pyodide.runPythonAsync(source, { globals: namespace });
    } catch (error) {
      const lines = String(error.message || error).trim().split("\n");
      console.error(`${notebook} cell ${n}: ${lines[lines.length - 1]}`);
      process.exit(1);
    }
  }
  namespace.destroy();
  console.log(`${notebook}: ${n} code cells ran in Pyodide`);
}
