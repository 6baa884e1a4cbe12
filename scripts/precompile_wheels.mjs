// Add Python 3.14 bytecode (.pyc) to pure wheels, compiled by the site's own Pyodide under Node, so the
// browser imports them without compiling every module at every page load (Pyodide's own packages ship
// compiled for the same reason). scripts/build_site.py runs it:
//
//   node scripts/precompile_wheels.mjs <folder of pyodide.mjs> <wheel>...
//
// Each wheel is rewritten in place: every file as it was, and beside each module its
// __pycache__/<name>.cpython-314.pyc, an unchecked hash-based .pyc (valid whatever the files' dates
// are once unpacked; Python still names the real source file in tracebacks).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const USAGE = "usage: node scripts/precompile_wheels.mjs FOLDER-OF-PYODIDE WHEEL...";
const refuse = (why) => { console.error(`precompile_wheels.mjs: ${why}; ${USAGE}`); process.exit(2); };
const given = process.argv.slice(2);
if (given.includes("-h") || given.includes("--help")) { console.log(USAGE); process.exit(0); }
const option = given.find((argument) => argument.startsWith("-"));
if (option !== undefined) refuse(`unknown option '${option}': it takes no options`);
const [folder, ...wheels] = given;
if (!folder || wheels.length === 0) refuse("it needs the folder of pyodide.mjs and at least one wheel");
if (!existsSync(join(folder, "pyodide.mjs"))) refuse(`${folder} holds no pyodide.mjs`);
const missing = wheels.find((wheel) => !wheel.endsWith(".whl") || !existsSync(wheel));
if (missing !== undefined) refuse(`${missing} is not a wheel file (.whl)`);
const { loadPyodide } = await import(pathToFileURL(resolve(folder, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: resolve(folder) + "/" });
pyodide.FS.mkdirTree("/wheels");
for (const wheel of wheels) pyodide.FS.writeFile(`/wheels/${basename(wheel)}`, readFileSync(wheel));
pyodide.runPython(`
import importlib.util, io, os, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def precompile(path):
    with zipfile.ZipFile(path) as source:
        entries = [(info, source.read(info)) for info in source.infolist()]
    names = {info.filename for info, _ in entries}
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for info, data in entries:
            target.writestr(info, data)
            name = info.filename
            top = name.split("/")[0]
            if not name.endswith(".py") or top.endswith((".dist-info", ".data")):
                continue
            folder, _, module = name.rpartition("/")
            cached = (folder + "/" if folder else "") + f"__pycache__/{module[:-3]}.{sys.implementation.cache_tag}.pyc"
            if cached in names:
                continue
            try:
                code = compile(data, "/lib/python3.14/site-packages/" + name, "exec", dont_inherit=True)
            except SyntaxError:
                continue  # a file Python would not import either (a template, a test of another version)
            stamp = zipfile.ZipInfo(cached, info.date_time)
            stamp.compress_type = zipfile.ZIP_DEFLATED
            target.writestr(stamp, _code_to_hash_pyc(code, importlib.util.source_hash(data), False))
    with open(path, "wb") as handle:
        handle.write(out.getvalue())

for wheel in sorted(os.listdir("/wheels")):
    precompile("/wheels/" + wheel)
`);
for (const wheel of wheels) writeFileSync(wheel, pyodide.FS.readFile(`/wheels/${basename(wheel)}`));
