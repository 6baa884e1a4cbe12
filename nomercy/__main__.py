"""``python -m nomercy`` and the ``nomercy`` command (the entry point of the package's script).

The command loads inside :func:`run`, so a Ctrl-C while it loads ends with one line and status 130, as a
Ctrl-C during the command does (:func:`nomercy.cli.main`), never with a traceback from the middle of an
import. The line does not name the command: the parser that knows the commands is what was loading.
"""

import sys


def run() -> int:
    """Load the command and run it; a Ctrl-C while it loads ends it with its one line."""
    try:
        from nomercy.cli import main
    except KeyboardInterrupt:
        print("nomercy: interrupted", file=sys.stderr)
        return 130
    return main()


if __name__ == "__main__":
    sys.exit(run())
