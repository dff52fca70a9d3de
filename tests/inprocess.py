"""Run the `aido` entry point in this interpreter as a subprocess would see it.

Same argv, working folder, environment and non-tty streams (stdin from
/dev/null, stdout and stderr to real files), but no interpreter start and no
re-import per run. Tests whose point is the process itself (exit by signal,
umask, a hang, start-up imports, tty) keep spawning the real console script.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

from aidokit.reconcile.cli.main import exit_status, main


def run_main(
    argv: Sequence[str], *, cwd: Path, env: Mapping[str, str | None] | None = None
) -> subprocess.CompletedProcess[str]:
    """`aido ARGV` run in-process from `cwd`, with `env` changes (None unsets); never raises."""
    with _environment(env or {}), _folder(cwd), _streams() as (out, err):
        code = _exit_code(list(argv))
        texts = [_text(stream) for stream in (out, err)]
    return subprocess.CompletedProcess(["aido", *argv], code, *texts)


def _text(stream: TextIO) -> str:
    """All that was written to `stream` ("" once aido closed it, as on a broken pipe)."""
    if stream.closed:
        return ""
    stream.flush()
    stream.seek(0)
    return stream.read()


def _exit_code(argv: list[str]) -> int:
    """What the console script would exit with (argparse exits by SystemExit)."""
    try:
        return main(argv)
    except SystemExit as exc:
        return exit_status(exc.code)


@contextmanager
def _environment(changes: Mapping[str, str | None]) -> Iterator[None]:
    saved = {name: os.environ.get(name) for name in changes}
    try:
        _set(changes)
        yield
    finally:
        _set(saved)


def _set(values: Mapping[str, str | None]) -> None:
    for name, value in values.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


@contextmanager
def _folder(cwd: Path) -> Iterator[None]:
    before = os.getcwd()
    os.chdir(cwd)
    try:
        yield
    finally:
        os.chdir(before)


@contextmanager
def _streams() -> Iterator[tuple[TextIO, TextIO]]:
    """stdin from /dev/null, stdout and stderr into files, as a child's pipes would be."""
    saved = sys.stdin, sys.stdout, sys.stderr
    with open(os.devnull, encoding="utf-8") as stdin, _capture() as out, _capture() as err:
        sys.stdin, sys.stdout, sys.stderr = stdin, out, err
        try:
            yield out, err
        finally:
            sys.stdin, sys.stdout, sys.stderr = saved


@contextmanager
def _capture() -> Iterator[TextIO]:
    # The encoding and error handler of a child's pipe under a UTF-8 locale.
    with tempfile.TemporaryFile("w+", encoding="utf-8", errors="surrogateescape") as stream:
        yield stream
