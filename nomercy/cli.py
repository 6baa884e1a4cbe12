"""The ``nomercy`` command.

``nomercy check [PATH...]`` replays every puzzle and every stage of the learning path under the
paths (default: the puzzle collection that comes with the package) and prints one line per puzzle and a closing
``N passed, M failed`` line; it exits 0 only when all pass.
``nomercy simulate`` plays many games between computer players and prints their
statistics (see ``docs/simulation.md``); it exits 3 when a game breaks an invariant.
``nomercy play`` is a game table in the terminal: one person against computer players
(:mod:`nomercy.play.terminal`).

Every option is checked before anything runs or any file is touched. A mistake in a
command (a seed of 3.7, an unknown option value, a player kind that does not exist, a
folder that cannot be written) is one line on standard error, saying what is allowed,
and exit status 2; a closed pipe ends quietly with 141, Ctrl-C with 130. No command
ends in a traceback.

Files a person keeps (``--records``, the puzzles of ``nomercy puzzle generate``) are
written through :mod:`nomercy.core.files`: to a temporary file beside the target, renamed
into place only when the whole run is done, and an existing file is replaced only with
``--force``. So a run that stops or is killed leaves the old file whole and no new one.
"""

from __future__ import annotations

import argparse
import errno
import os
import re
import sys
from typing import IO, TYPE_CHECKING, Any, Callable, NoReturn, Sequence

if TYPE_CHECKING:
    from pathlib import Path

# Nothing of the package is imported at this module's top: the rules and the players load inside main, so a
# Ctrl-C while they load ends with main's one line (and one while this module loads, with nomercy/__main__.py's).
__all__ = ["main", "build_parser", "OneLineParser", "COMMANDS"]

COMMANDS = ("check", "simulate", "play", "puzzle")
"""The commands, as a person types them: a Ctrl-C while the parser loads names the one typed (the parser's
own list: a test holds them equal)."""


_REPEATABLE = ("append", "extend", "help")
"""argparse's actions that may be given more than once: they gather every value, or only print the help."""


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a refusal is one line (no usage block) naming the command and what is allowed; exit status 2.

    The ``nomercy`` command and every script under ``scripts/`` parse their arguments with it: ``--help`` only
    prints the help, and an unknown option or value is refused before anything is done.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)  # --see is not taken for --seed: a typo is refused, not guessed
        self.repeatable: set[str] = set()  # the options that gather (``--set``) or only print (``--help``)
        self.commands: Any = None  # the commands it takes (add_subparsers' action), if any
        super().__init__(*args, **kwargs)

    def add_subparsers(self, **kwargs: Any) -> Any:
        """argparse's, kept as :attr:`commands`: a word a command does not take is refused by that command."""
        self.commands = super().add_subparsers(**kwargs)
        return self.commands

    def _print_message(self, message: str, file: Any = None) -> None:
        """argparse's, but output that cannot be written (``--version > /dev/full``) is said, not dropped: argparse
        passes over the error, and the help or the version was lost without a word."""
        if message:
            (file or sys.stderr).write(message)

    def add_argument(self, *args: Any, **kwargs: Any) -> argparse.Action:
        """argparse's, noting the options that may be given more than once (their action gathers or prints)."""
        action = super().add_argument(*args, **kwargs)
        if kwargs.get("action") in _REPEATABLE:
            self.repeatable.add(action.dest)
        return action

    def parse_known_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                         namespace: argparse.Namespace | None = None) -> tuple[argparse.Namespace, list[str]]:
        """Refuse an option of one value given twice (``--seed 1 --seed 2``): argparse would keep the last
        without a word. Options that gather (``--set``) may be repeated."""
        seen: dict[str, str] = {}
        for word in sys.argv[1:] if args is None else args:
            if word == "--":
                break
            name = word.split("=", 1)[0]
            action = self._option_string_actions.get(name) if name.startswith("-") else None
            if action is None or action.dest in self.repeatable:
                continue
            if action.dest in seen:
                self.error(f"{name} is given twice: give it once")
            seen[action.dest] = name
        if self.commands is None:  # a script, or a command's own parser
            words = list(sys.argv[1:] if args is None else args)
            for place, word in enumerate(words):
                if word == "--":
                    break
                if word.startswith("-") and len(word) > 1 and not re.fullmatch(r"-\d+(\.\d+)?", word) and \
                        word.split("=", 1)[0] not in self._option_string_actions:
                    value = words[place + 1: place + 2] if "=" not in word else []  # its value, as typed: --see 3
                    self.unknown([word, *(v for v in value if not v.startswith("-"))])  # before a missing argument
        return super().parse_known_args(args, namespace)

    def parse_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                   namespace: argparse.Namespace | None = None) -> argparse.Namespace:
        """argparse's, but words a command does not take are refused by that command (``nomercy play: unrecognized
        arguments: --see 3 ('nomercy play --help' lists what is allowed)``), with the option it looks like, if any:
        the top level's line sent a person to a help that does not list the command's options."""
        found, extras = self.parse_known_args(args, namespace)
        if extras:
            parser: argparse.ArgumentParser = self
            while True:  # the command's own parser (nomercy puzzle list: puzzle's list)
                sub = getattr(parser, "commands", None)
                chosen = getattr(found, sub.dest, None) if sub is not None else None
                if sub is None or chosen not in sub.choices:
                    break
                parser = sub.choices[chosen]
            if isinstance(parser, OneLineParser):
                parser.unknown(extras)
            parser.error(f"unrecognized arguments: {' '.join(extras)}")
        return found

    def unknown(self, words: Sequence[str]) -> NoReturn:
        """Refuse words this command does not take, with the option the first looks like (``--see``: ``--seed``)."""
        import difflib

        near = difflib.get_close_matches(words[0].split("=", 1)[0], list(self._option_string_actions), n=1,
                                         cutoff=0.75)
        hint = f" (did you mean {near[0]}?)" if near and words[0].startswith("-") else ""
        self.error(f"unrecognized arguments: {' '.join(words)}{hint}")

    def folder(self, option: str, path: Path) -> Path:
        """``path``, given to ``option`` as a folder to write into: refused in one line when it is a file (or
        anything else that is not a folder), before any work, instead of failing on it at the end."""
        if path.exists() and not path.is_dir():
            self.error(f"{option} {path} is a file, not a folder: give a folder to write into (it is made if missing)")
        return path

    def error(self, message: str) -> NoReturn:
        named = re.match(r"^argument ([^:]+): (.*)$", message)
        if named:  # "argument --seed: --seed is ..." says the name once
            option, said = named.groups()
            message = said if said.startswith(option.split("/")[-1]) else f"{option}: {said}"
        choice = re.match(r"^(.*)invalid choice: (.*) \(choose from (.*)\)$", message)
        if choice:
            where, given, allowed = choice.groups()
            message = f"{where}{given} is not allowed; choose one of {allowed.replace(chr(39), '')}"
        self.exit(2, f"{self.prog}: {message} ('{self.prog} --help' lists what is allowed)\n")


def _fail(command: str, error: BaseException) -> int:
    print(f"nomercy {command}: {error}", file=sys.stderr)
    return 2


def _check(args: argparse.Namespace) -> int:
    from nomercy.puzzles.puzzle import default_puzzle_dir
    from nomercy.puzzles.stage import check_files

    from nomercy.core import inputs
    from nomercy.core.errors import NomercyError

    paths: list[str] = []
    seen: set[str] = set()
    for path in args.paths:  # an empty name is no path (not "this folder"); a file named twice is checked once
        if path.strip() == "" or "\0" in path:
            return _fail("check", NomercyError(f"each path names a puzzle or stage file, or a folder of them, like "
                                               f"puzzles/stacking; not {inputs.quote(path)}"))
        try:
            inputs.path(path, "each path")  # '-' or a control character: no name of a file to check
        except NomercyError as error:
            return _fail("check", error)
        same = os.path.realpath(path)
        if same not in seen:
            seen.add(same)
            paths.append(path)
    paths = paths or [str(default_puzzle_dir())]
    try:
        results = check_files(paths)
    except OSError as error:
        return _fail("check", error)
    if not results:
        print(f"nomercy check: no puzzle files (*.yaml) under {', '.join(paths)}: nothing was checked",
              file=sys.stderr)
        return 1
    failed = 0
    for result in results:
        print(result)
        failed += not result.ok
    print(f"{len(results) - failed} passed, {failed} failed")
    return 0 if failed == 0 else 1


def _simulate(args: argparse.Namespace) -> int:
    import contextlib
    import json
    from pathlib import Path

    from nomercy.core.errors import NomercyError
    from nomercy.core.files import remove_leftovers, writing
    from nomercy.core.rules import parse_settings
    from nomercy.play.simulate import InvariantViolation, RunStopped, check_run, signals_stop_the_run, simulate

    if args.force and args.records is None:
        return _fail("simulate", NomercyError("--force replaces an existing --records FILE: give --records FILE with it, "
                                              "or leave --force out"))
    try:  # every option, before any game is played or any file touched
        plan = check_run(args.rules, overrides=parse_settings(args.set), players=args.players, bots=args.bots,
                         games=args.games, seed=args.seed, workers=args.workers, first_game=args.first_game)
    except (NomercyError, ValueError) as error:
        return _fail("simulate", error)
    records: contextlib.AbstractContextManager[IO[str] | None] = contextlib.nullcontext()
    if args.records is not None:
        remove_leftovers(Path(args.records).parent)  # what a killed run left behind
        records = writing(args.records, replace=args.force, what="the records")
    try:
        # The records go to a temporary file opened now (a folder that cannot be written stops the run
        # before it starts) and take the file's name only when every game is written: a part of a run
        # never passes for the whole, and an old file stays whole until then.
        with signals_stop_the_run(), records as handle:
            result = simulate(
                plan.rules,
                players=args.players,
                bots=plan.bots,
                games=args.games,
                seed=args.seed,
                workers=plan.workers,
                rotate=args.rotate,
                on_record=None if handle is None else _line_writer(handle),
                progress=False if args.json or args.no_progress else None,
                first_game=args.first_game,
                check_moves=args.check_every_move,
            )
    except RunStopped as stopped:  # SIGTERM or SIGHUP: the workers are ended and the records file left as it was
        print(f"nomercy simulate: {stopped}{'; no records were written' if args.records else ''}", file=sys.stderr)
        return stopped.status
    except InvariantViolation as error:
        print(f"nomercy simulate: {error}", file=sys.stderr)
        moves = error.moves
        if len(moves) > _SHOWN_MOVES:
            print(f"moves: {len(moves)} in all, the last {_SHOWN_MOVES} shown (the game's seed replays every one: "
                  "nomercy.play.simulate.play_game(rules, bots, seed, moves=[]) fills a list with them): ... "
                  + "; ".join(moves[-_SHOWN_MOVES:]), file=sys.stderr)
        else:
            print("moves: " + "; ".join(moves), file=sys.stderr)
        return 3
    except (NomercyError, ValueError) as error:  # a records file refused (FileWriteError) among them
        return _fail("simulate", error)
    print(json.dumps(result.as_dict(), indent=2) if args.json else result)
    return 0


def _line_writer(handle: IO[str]) -> Callable[[Any], None]:
    """Write each game (a summary with its record) as one line of JSON, as the run hands it over."""
    import json

    def write(game: Any) -> None:
        handle.write(json.dumps(game.as_dict()) + "\n")
    return write


def _play(args: argparse.Namespace) -> int:
    from nomercy.core.errors import NomercyError
    from nomercy.core.i18n import choose
    from nomercy.core.rules import parse_settings, ruleset
    from nomercy.core.typed_text import quote
    from nomercy.play.daily_deal import daily_opponents, day_of
    from nomercy.play.players import PLAYER_KINDS
    from nomercy.play.terminal import TerminalTable, check_save
    from nomercy.teaching.terminology import ruling_titles

    lang, note = choose(args.lang)  # a language that is not ours: English, and a note that says so
    if note:
        print(note, file=sys.stderr)
    titles = ruling_titles(lang)  # the coach names rulings as the language's term table does (a layer above play)
    try:  # every option, and the save against them, before the table opens: nothing is played or saved first
        if args.daily is not None:
            given = [name for name, value in (("--players", args.players), ("--bots", args.bots), ("--seed", args.seed),
                                              ("--set", args.set)) if value not in (None, [])]
            if given or args.rules != "no-mercy":
                raise NomercyError(f"--daily deals the day's own deal (no-mercy, You against {daily_opponents()}): "
                                   f"leave out {', '.join(given) or '--rules'}")
            day = day_of(None if args.daily == "today" else args.daily)
            daily = TerminalTable.deal_of_the_day(day, save_to=args.save, lang=lang, titles=titles)
            return daily.run()
        overrides = parse_settings(args.set)
        if "players" in overrides:
            raise NomercyError("--set players=... would change how many the rules seat; give the number of seats "
                               "with --players")
        rules = ruleset(args.rules, **overrides)
        players = 3 if args.players is None else args.players
        low, high = rules.players
        if not low <= players <= high:  # before a seat is made: --players 100000 is one line, not a long wait
            raise NomercyError(f"--players counts every seat, you included: {rules.name} is for {low} to {high} players, "
                               f"not {players}")
        kinds = [k.strip().lower() for k in (args.bots if args.bots is not None else "greedy").split(",")]
        if "" in kinds:
            raise NomercyError(f"--bots names a computer player for every seat ({', '.join(PLAYER_KINDS)}), or one "
                               f"for all; not {quote(args.bots)}")
        if len(kinds) == 1:
            kinds *= players - 1
        if len(kinds) != players - 1:
            raise NomercyError(f"--bots names one kind for every computer seat or one per seat ({players - 1} "
                               f"here), not {len(kinds)}")
        unknown = [k for k in kinds if k not in PLAYER_KINDS]
        if unknown:
            kind = unknown[0].partition(":")[0].strip().lower()
            if kind in PLAYER_KINDS:  # expert:iterations=100, as nomercy simulate takes it
                raise NomercyError(f"--bots of nomercy play names kinds without options ({', '.join(PLAYER_KINDS)}), "
                                   f"not {quote(unknown[0])}: the table's computer players play as they are")
            raise NomercyError(f"--bots: unknown computer player {quote(unknown[0])}; choose {', '.join(PLAYER_KINDS)}")
        if args.save is not None:  # a save of another round: refused, never resumed as if the options were not given
            check_save(args.save, rules=rules if args.rules != "no-mercy" or args.set else None,
                       kinds=("human", *kinds) if args.players is not None or args.bots is not None else None,
                       seed=args.seed)
        table = TerminalTable(rules, ["human", *kinds], seed=args.seed or 0, coach=args.coach, save_to=args.save,
                              lang=lang, titles=titles)
    except (NomercyError, ValueError, OSError) as error:
        return _fail("play", error)
    return table.run()


_SHOWN_MOVES = 60
"""The most moves of a broken game printed; more would bury the message."""


def build_parser() -> argparse.ArgumentParser:
    from nomercy.play.daily_deal import daily_opponents
    from nomercy.play.simulate import MAX_GAMES, most_workers
    from nomercy.puzzles.commands import MAX_CLI_SEED, add_rule_options, players_number, whole_number

    from nomercy import __version__

    parser = OneLineParser(prog="nomercy", description="UNO Show 'em No Mercy and classic UNO, by the rules.")
    parser.add_argument("--version", action="version", version=f"nomercy {__version__}",
                        help="print the version of nomercy and stop")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    check = sub.add_parser("check", help="replay puzzles and stages and compare their answers")
    check.add_argument("paths", nargs="*",
                       help="puzzle or stage files or folders (every *.yaml below them; default: the puzzle "
                            "collection; learn/ holds the learning path's stages)")
    check.set_defaults(run=_check)
    simulate = sub.add_parser("simulate", help="play many games between computer players and summarize them")
    add_rule_options(simulate)
    simulate.add_argument("--players", type=players_number(), default=4,
                          help="number of players (default 4; the rules say how many may play)")
    simulate.add_argument("--bots", default="random",
                          help="one kind for every seat (random, greedy, expert) or one per seat: expert,random,...; "
                               "options as expert:iterations=100 (default random)")
    simulate.add_argument("--games", type=whole_number("--games", 0, MAX_GAMES), default=1000,
                          help=f"number of games, from 0 to {MAX_GAMES} (default 1000)")
    simulate.add_argument("--seed", type=whole_number("--seed", 0, MAX_CLI_SEED), default=0,
                          help="seed of the run, 0 to 2**63 - 1; game i uses a seed derived from (seed, i)")
    simulate.add_argument("--workers", type=whole_number("--workers", 1, most_workers()), default=None,
                          help=f"worker processes, 1 to {most_workers()} on this machine (default: one per CPU)")
    simulate.add_argument("--rotate", action="store_true", help="turn the seating one place every game")
    simulate.add_argument("--first-game", type=whole_number("--first-game", 0, MAX_GAMES), default=0, metavar="N",
                          help=f"number the games from N, from 0 to {MAX_GAMES} (game i has the same seed and seating "
                               "in any run of the same seed), so a long study can run in pieces (default 0)")
    simulate.add_argument("--records", metavar="FILE",
                          help="also write every game to FILE, one JSON object a line in game order: its summary "
                               "(index, seed, bots, winner, winner_bot, ...), for comparing two runs game by game, "
                               "and its game record (record: rules, seats, seed, dealer, moves), which replays it; "
                               "FILE appears only when the run is done, and an existing FILE is kept unless --force")
    simulate.add_argument("--force", action="store_true", help="replace an existing --records FILE")
    simulate.add_argument("--json", action="store_true", help="print one JSON object instead of the summary")
    simulate.add_argument("--no-progress", action="store_true", help="no progress bar even on a terminal")
    simulate.add_argument("--check-every-move", action="store_true",
                          help="also check that every move is one the engine lists and that every knockout and "
                               "reshuffle has its event (slower; the figures are the same)")
    simulate.set_defaults(run=_simulate)
    play = sub.add_parser("play", help="play a round at a table in the terminal, against computer players")
    add_rule_options(play)
    play.add_argument("--players", type=players_number(), default=None,
                      help="number of seats, yours included (default 3; the rules say how many may play)")
    play.add_argument("--bots", default=None,
                      help="the computer players: one kind for every seat (random, greedy, expert) or one per seat: "
                           "greedy,random (default greedy)")
    play.add_argument("--seed", type=whole_number("--seed", 0, MAX_CLI_SEED), default=None,
                      help="seed of the deal, 0 to 2**63 - 1 (default 0; the same seed deals the same cards)")
    play.add_argument("--daily", nargs="?", const="today", metavar="DATE",
                      help="play the deal of the day: one deal per date, the same for everyone, You against "
                           f"{daily_opponents()} with the coach on (today in UTC, or DATE as YYYY-MM-DD); it prints a line "
                           "to share")
    play.add_argument("--coach", action="store_true",
                      help="the coach: 'hint' suggests a move, and a regrettable move is held back with a warning")
    play.add_argument("--save", metavar="FILE",
                      help="save the round to FILE after every move, and resume the round FILE holds")
    play.add_argument("--lang", default="en", metavar="LANGUAGE",
                      help="the table's own lines in sv (Swedish), fr (French) or zh-Hant (Chinese); en by default. "
                           "The moves you type and the event sentences stay in English for now")
    play.set_defaults(run=_play)
    from nomercy.puzzles.commands import add_puzzle_commands

    add_puzzle_commands(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; the exit status is 0 for success, 1 for a failed check, 2 for a mistake in the command.

    Errors are one line on standard error, never a traceback. Output cut short by a
    closed pipe (``nomercy simulate | head``) ends quietly with status 141, as a
    shell does, and Ctrl-C with 130.
    """
    args: Any = None
    typed = list(sys.argv[1:] if argv is None else argv)[:1]
    if sys.stdout is None:  # started with its output closed (nomercy check >&-): nothing is done, or it is lost
        _say(f"{_name(args, typed)}: cannot write its output: the standard output is closed; nothing was done")
        return 1
    _degrade_output()
    try:
        try:
            args = build_parser().parse_args(argv)
            if args.command == "puzzle":
                from nomercy.puzzles.commands import run

                done = run(args)
            else:
                done = int(args.run(args))
        except SystemExit:  # --help, --version, a refused option: their words must reach the output too
            sys.stdout.flush()
            raise
        sys.stdout.flush()  # output that cannot be written is said now, not lost at exit
        return done
    except BrokenPipeError:
        _silence_stdout()
        return 141
    except OSError as error:
        if error.errno not in _OUTPUT_LOST:
            raise
        _silence_stdout()  # what is still buffered is not written again at exit
        from nomercy.core.files import why_not

        _say(f"{_name(args, typed)}: cannot write its output: {why_not(error)}")
        return 1
    except KeyboardInterrupt:
        _say(f"{_name(args, typed)}: interrupted")
        return 130


_OUTPUT_LOST = {getattr(errno, name) for name in ("ENOSPC", "EIO", "EBADF", "EDQUOT", "EFBIG", "EROFS", "ENXIO")
                if hasattr(errno, name)}
"""What writing the output can fail with (a full disk, ``> /dev/full``, a closed descriptor): one line, status 1."""


def _name(args: Any, typed: list[str]) -> str:
    """``nomercy <command>`` as the person typed it, or ``nomercy`` before a command is known."""
    command = getattr(args, "command", None) or next((c for c in COMMANDS if typed == [c]), None)
    return f"nomercy {command}" if command else "nomercy"


def _say(line: str) -> None:
    """One line on standard error, when there is one to write to."""
    try:
        if sys.stderr is not None:
            print(line, file=sys.stderr)
    except OSError:  # pragma: no cover - the errors cannot be written either
        pass


def _degrade_output() -> None:
    """A terminal or a redirect that cannot show a character (``PYTHONIOENCODING=ascii``, a legacy code page) gets
    it escaped as ``\\u00b1``, in the normal output as in the errors, instead of a crash halfway through."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and getattr(stream, "errors", None) == "strict":
            try:
                reconfigure(errors="backslashreplace")
            except (ValueError, OSError):  # pragma: no cover - a stream that cannot be changed is left as it is
                pass


def _silence_stdout() -> None:
    """After the reader of our output went away, point stdout at /dev/null so the exit flush stays quiet."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # pragma: no cover - no real file descriptor (a test's captured stdout)
        pass


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
