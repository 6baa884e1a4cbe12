"""Start JupyterLab with the README's first command, and check that it serves the index notebook.

    python scripts/lab_smoke.py [NOTEBOOK]        # default: notebooks/00-index.ipynb

Runs `bash scripts/lab` with this interpreter (PYTHON=sys.executable: no .venv is made, nothing is
installed) and the flags a headless check needs (no browser, a free local port, a known token), waits
for the server, asks for the notebook's page and its contents, and stops the server. Exit 0 when both
answer; otherwise the server's log is printed.
"""

from __future__ import annotations

import json
import os
import secrets
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def get(url: str, token: str) -> tuple[int, bytes]:
    request = urllib.request.Request(url, headers={"Authorization": f"token {token}"})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def check(notebook: str, startup_seconds: float = 240) -> list[str]:
    """Problems found (an empty list means JupyterLab opened the notebook)."""
    port, token = free_port(), secrets.token_hex(16)
    command = [
        "bash", str(ROOT / "scripts" / "lab"),
        "--no-browser", "--ip=127.0.0.1", f"--port={port}", f"--IdentityProvider.token={token}",
    ]
    base = f"http://127.0.0.1:{port}"
    problems: list[str] = []
    with tempfile.TemporaryFile() as log:
        env = dict(os.environ, PYTHON=sys.executable, JUPYTER_RUNTIME_DIR=tempfile.mkdtemp(prefix="lab-smoke-"))
        server = subprocess.Popen(command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, env=env)
        try:
            deadline = time.monotonic() + startup_seconds
            while True:
                if server.poll() is not None:
                    problems.append(f"jupyter lab exited with code {server.returncode} before answering")
                    break
                try:
                    status, _ = get(f"{base}/api/status", token)
                    if status == 200:
                        break
                except OSError:
                    pass
                if time.monotonic() > deadline:
                    problems.append(f"jupyter lab did not answer within {startup_seconds:.0f} s")
                    break
                time.sleep(0.5)
            if not problems:
                status, body = get(f"{base}/lab/tree/{notebook}", token)
                if status != 200 or b"JupyterLab" not in body:
                    problems.append(f"/lab/tree/{notebook} answered {status}")
                status, body = get(f"{base}/api/contents/{notebook}?content=1", token)
                if status != 200:
                    problems.append(f"/api/contents/{notebook} answered {status}")
                elif json.loads(body).get("type") != "notebook":
                    problems.append(f"{notebook} is not served as a notebook")
        finally:
            server.terminate()
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        if problems:
            log.seek(0)
            problems.append("server log:\n" + log.read().decode(errors="replace")[-4000:])
    return problems


def main(argv: list[str] | None = None) -> int:
    from nomercy.cli import OneLineParser

    parser = OneLineParser(prog="scripts/lab_smoke.py", description=__doc__.splitlines()[0])
    parser.add_argument("notebook", nargs="?", default="notebooks/00-index.ipynb",
                        help="the notebook JupyterLab is asked to serve (default notebooks/00-index.ipynb)")
    notebook = parser.parse_args(argv).notebook
    if not (ROOT / notebook).is_file() or not notebook.endswith(".ipynb"):  # JupyterLab serves the project folder
        parser.error(f"{notebook} is not a notebook file (.ipynb) of the project folder")
    problems = check(notebook)
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    print(f"jupyter lab serves {notebook}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
