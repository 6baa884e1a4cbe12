// Add Python 3.14 bytecode (.pyc) to pure wheels, compiled by the site's own Pyodide under Node, so the
// browser imports them without compiling every module at every page load (Pyodide's own packages ship
// compiled for the same reason). scripts/build_site.py runs it:
//
//   node scripts/precompile_wheels.mjs <folder of pyodide.mjs> <wheel>...
//
// Each wheel is rewritten in place: every file as it was, and beside each module its
// __pycache__/<name>.cpython-314.pyc, an unchecked hash-based .pyc (valid whatever the files' dates
// are once unpacked; Python still names the real source file in tracebacks).
import { readFileSync, writeFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [folder, ...wheels] = process.argv.slice(2);
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
