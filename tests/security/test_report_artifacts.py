"""`aido report` over hostile CI artifacts: a wrong one fails its repository, all of it is data.

Artifacts come from other repositories' jobs, which a pull request can make
leave anything: wrong-shaped or deeply nested JSON, a FIFO, a link to a
device, names holding Markdown, HTML, `|`, newlines, escapes and bidi
controls. The report still exits 0, never hangs, and its Markdown holds only
the headings and tables the report itself writes (SPEC §7).
"""

from __future__ import annotations

import copy
import json
import os
import re
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.fuzz import fuzz_settings
from tests.inprocess import run_main
from tests.security.cli import AIDO, TIMEOUT, unsafe_chars
from tests.test_json_schemas import assert_valid

HOSTILE = (
    "# All 40 repositories converged",
    "<img src=https://evil.example/x.png>",
    "a | b | c",
    "line\n## Injected heading\n",
    "cr\rreturn",
    "![pixel](https://evil.example/p.png)",
    "[click](javascript:alert(1))",
    "**bold** _em_ `code` ~~gone~~ $x^2$",
    "&lt;script&gt; &#60;b&#62;",
    "\x1b]52;c;ZXZpbA==\x07\x1b[2J",
    "\u202eevil\u202c \u2066iso\u2069 zero\u200bwidth",
    "sep\u2028line\u2029para\x85nel",
    "back\\slash\\|pipe\\",
    "<!-- comment --> </table>",
    "| --- | --- |",
    "x" * 5000,
)
HOSTILE_TEXT = st.sampled_from(HOSTILE) | st.text(max_size=40)

# What the report writes itself: every other line must be a row of the current table.
FIXED = {
    "# aido fleet report",
    "## Repositories",
    "Entries of the same name that aido does not own; it leaves them alone:",
    "The catalog has replaced them:",
    "aido.toml or the catalog changed them since aido wrote them; `aido apply` updates them:",
    "Entries aido.toml declares or the project's facts select, written or pending:",
    "Entries outside policy: asked (the plan refused it), hand-written (in a file aido "
    "does not own; doctor fails on it) or left-out (suggested; the plan leaves it out):",
}
HEADLINE = re.compile(r"\d+ repositor(y|ies): \d+ converged, \d+ drifted, \d+ failed\.")
SECTION = re.compile(
    r"## (Conflicts|Deprecated entries|Outdated entries|Policy violations|Servers in use) \(\d+\)"
)
# The header gained baseline, behind and policy (issue 36's fleet view).
REPOSITORIES = (
    "| repository | status | add | change | remove | conflict | baseline | behind | policy "
    "| error |"
)
TABLES = {
    REPOSITORIES: "|---|---|--:|--:|--:|--:|---|--:|---|---|",
    "| repository | harness | entry | rule | from | found |": "|---|---|---|---|---|---|",
    "| repository | harness | file | entry | detail |": "|---|---|---|---|---|",
    "| server | repositories | harnesses |": "|---|--:|---|",
}
ESCAPED = set("\\`*_[]|~$!")
ENTITY = re.compile(r"&(lt|gt|amp);")


def plain_cells(row: str) -> list[str]:
    """The cells of a table row, each checked to hold only literal text (escapes, entities)."""
    assert row.startswith("| ") and row.endswith(" |"), row
    cells, current, at = [], "", 2
    while at < len(row) - 2:
        char = row[at]
        if char == "\\":
            assert row[at + 1] in ESCAPED, row
            current, at = current + row[at : at + 2], at + 2
        elif char == "&":
            match = ENTITY.match(row, at)
            assert match, row
            current, at = current + match.group(), match.end()
        elif row.startswith(" | ", at):
            cells.append(current)
            current, at = "", at + 3
        else:
            assert char not in ESCAPED | set("<>&"), row
            current, at = current + char, at + 1
    return [*cells, current]


def check_markdown(text: str) -> None:
    """Only the report's own headings, sentences and tables; each row has its table's columns."""
    assert not unsafe_chars(text)
    columns = 0
    for line in text.splitlines():
        if line in TABLES:
            columns = line.count(" | ") + 1
        elif line in TABLES.values() or line == "":
            continue
        elif line in FIXED or HEADLINE.fullmatch(line) or SECTION.fullmatch(line):
            columns = 0
        else:
            assert columns, f"a line the report does not write: {line!r}"
            assert len(plain_cells(line)) == columns, line


def plan(name: str = "memory", adapter: str = "claude-code", detail: str = "") -> dict[str, Any]:
    """A plan document as `aido plan --json` prints it: one conflict, one update, one unchanged,
    one baseline measured by ci/aido-check.sh, one hand-written entry outside policy."""
    change = {
        "action": "conflict",
        "name": name,
        "id": name,
        "reason": "not written by aido",
        "hint": detail or None,
        "before": None,
        "after": None,
        "diff": [],
        "roles": [],
        "sensitive": False,
        "map_path": [],
    }
    return {
        "format_version": 1,
        "project": "/runner/work/repo",
        "scope": "project",
        "notes": [],
        "summary": {"add": 0, "change": 1, "remove": 0, "conflict": 1, "error": 0},
        "lock": None,
        "files": [
            {
                "adapter": adapter,
                "scope": "project",
                "path": ".mcp.json",
                "agent": None,
                "error": None,
                "notes": [],
                "trust": None,
                "changes": [change, {**change, "action": "update", "reason": detail or "x"}],
                "unchanged": [{"name": name, "id": None}],
            }
        ],
        "baselines": [
            {
                "source": f"git+https://git.example/{name}#main:aido.toml",
                "commit": "0" * 40,
                "digest": "sha256:" + "0" * 64,
                "latest": "1" * 40,
                "behind": 2,
            }
        ],
        "policy_violations": [
            {
                "name": name,
                "adapter": adapter,
                "rule": f"deny rule '{detail or name}'",
                "layer": "aido.toml",
                "kind": "project",
                "found": "hand-written",
                "path": ".mcp.json",
            }
        ],
    }


def report(folder: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    """`aido report ARGV FOLDER` in-process: exit 0, never a bug, never a traceback."""
    result = run_main(
        ["report", *argv, str(folder)], cwd=folder if folder.is_dir() else folder.parent
    )
    assert result.returncode == 0, result.stderr
    assert "bug in aido" not in result.stderr and "Traceback" not in result.stderr
    return result


def statuses(folder: Path) -> dict[str, dict[str, Any]]:
    """Every output of the report over `folder` checked; the JSON report's rows by name."""
    check_markdown(report(folder).stdout)
    annotations = report(folder, "--annotations").stdout
    assert not unsafe_chars(annotations)
    assert all(line.startswith("::error ") for line in annotations.splitlines())
    doc = json.loads(report(folder, "--json").stdout)
    assert_valid("report", doc)
    return {row["name"]: row for row in doc["repositories"]}


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "plans").mkdir()
    return tmp_path / "plans"


def write(folder: Path, name: str, text: str) -> None:
    (folder / name).mkdir(parents=True, exist_ok=True)
    (folder / name / "plan.json").write_text(text, encoding="utf-8")


# -- names ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", [h for h in HOSTILE if "\n" not in h and "\r" not in h])
def test_a_hostile_repository_folder_name_stays_in_its_cell(folder: Path, name: str) -> None:
    """A folder named with `|`, `#`, HTML or escapes is one escaped cell of its row."""
    folder_name = name.replace("/", "%")[:200]
    write(folder, folder_name, json.dumps(plan()))
    assert statuses(folder)[folder_name]["status"] == "drifted"


@given(name=HOSTILE_TEXT, adapter=HOSTILE_TEXT, detail=HOSTILE_TEXT, path=HOSTILE_TEXT)
@fuzz_settings(60)
def test_hostile_strings_in_every_name_slot_stay_literal(
    name: str, adapter: str, detail: str, path: str
) -> None:
    """Entry names, harnesses, paths, hints, reasons and error sentences are literal text."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        doc = plan(name, adapter, detail)
        doc["files"][0]["path"] = path
        doc["project"] = path
        doc["policy_violations"][0].update(layer=path, path=path)
        doc["baselines"][0]["source"] = f"{path}{name}"
        failing = copy.deepcopy(doc)
        failing["files"][0]["error"] = f"{path}: {detail}"
        write(folder, "drifted", json.dumps(doc))
        write(folder, "failing", json.dumps(failing))
        write(folder, "job-error", json.dumps({"format_version": 1, "error": {"message": detail}}))
        rows = statuses(folder)
        assert rows["drifted"]["status"] == "drifted"
        assert rows["failing"]["status"] == rows["job-error"]["status"] == "failed"


# -- shapes --------------------------------------------------------------------------------

DEEP = "\x00deep\x00"  # stands for nesting too deep to build as a Python value
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | HOSTILE_TEXT
    | st.sampled_from([DEEP, -1, 10**400, "3"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(HOSTILE_TEXT, inner, max_size=3),
    max_leaves=6,
)


def slots(value: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every value in `value` (the document itself too)."""
    yield at
    if isinstance(value, dict):
        for key, item in value.items():
            yield from slots(item, (*at, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from slots(item, (*at, index))


SLOTS = list(slots(plan()))


def mutated(doc: Any, at: tuple[Any, ...], value: Any) -> Any:
    """`doc` with the value at path `at` replaced by `value` (removed when it is `...`)."""
    if not at:
        return {} if value is ... else value
    parent = doc
    for key in at[:-1]:
        parent = parent[key]
    if value is ...:
        del parent[at[-1]]
    else:
        parent[at[-1]] = value
    return doc


def dumped(doc: Any, depth: int) -> str:
    """`doc` as JSON, each DEEP stand-in a list nested `depth` levels deep."""
    return json.dumps(doc).replace(json.dumps(DEEP), "[" * depth + "]" * depth)


@given(
    changes=st.lists(
        st.tuples(st.sampled_from(SLOTS), JSON_VALUES | st.just(...)), min_size=1, max_size=3
    ),
    depth=st.sampled_from([1, 200, 201, 5000, 100_000]),
)
@fuzz_settings(150)
def test_every_value_type_at_every_field_fails_only_that_repository(
    changes: list[tuple[tuple[Any, ...], Any]], depth: int
) -> None:
    """Any JSON value (or none) at any field, nested up to 100k deep: that repository is
    converged, drifted or failed with a sentence; the report exits 0 and stays well formed."""
    doc: Any = plan()
    for at, value in changes:
        try:
            doc = mutated(doc, at, value)
        except (KeyError, IndexError, TypeError):  # an earlier change removed that slot
            continue
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        write(folder, "mutated", dumped(doc, depth))
        write(folder, "intact", json.dumps(plan()))
        rows = statuses(folder)
        assert rows["intact"]["status"] == "drifted"
        assert rows["mutated"]["status"] in ("converged", "drifted", "failed")
        if rows["mutated"]["status"] == "failed":
            assert rows["mutated"]["error"]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ('{"format_version": 1, "files": [], "summary": []}', "summary is a list"),
        ('{"format_version": 1, "files": [], "summary": {"add": "3"}}', "summary.add is the"),
        ('{"format_version": 1, "files": [], "summary": {"add": true}}', "summary.add is true"),
        (
            '{"format_version": 1, "files": [{"adapter": "a", "path": "p", "changes": [{}]}]}',
            "files[0].changes[0].action is missing",
        ),
        ("[" * 100_000 + "]" * 100_000, "nests deeper than"),
        ('{"format_version": 1, "files": ' + "[" * 300 + "]" * 300 + "}", "nests deeper than"),
        ('{"format_version": 1e999}', "format_version is a number"),
        ("", "is not a JSON plan"),
        ("\ufeff{}", "is not a JSON plan"),
    ],
)
def test_a_wrong_artifact_is_a_failed_repository_with_the_reason(
    folder: Path, text: str, reason: str
) -> None:
    """Wrong-shaped, deep or broken JSON fails that repository, naming what is wrong."""
    write(folder, "bad", text)
    write(folder, "good", json.dumps(plan()))
    rows = statuses(folder)
    assert rows["good"]["status"] == "drifted"
    assert rows["bad"]["status"] == "failed" and reason in rows["bad"]["error"]
    assert "\n" not in rows["bad"]["error"]


def test_a_long_error_is_cut_in_the_table(folder: Path) -> None:
    """A 1 MB error sentence shows as its first 200 characters and its length."""
    write(folder, "long", json.dumps({"format_version": 1, "error": {"message": "e" * 10**6}}))
    markdown = report(folder).stdout
    assert "e" * 200 + "… (1,000,000 characters)" in markdown
    assert len(markdown) < 2000


# -- files that are not files --------------------------------------------------------------


def test_fifos_devices_folders_and_dangling_links_are_failed_repositories(folder: Path) -> None:
    """A FIFO, links to /dev/zero and nowhere, a folder and a 65 MiB file named *.json each
    fail their repository at once (the real process: a hang or MemoryError is the bug)."""
    os.mkfifo(folder / "fifo.json")
    (folder / "zero.json").symlink_to("/dev/zero")
    (folder / "gone.json").symlink_to(folder / "nowhere")
    (folder / "folder.json").mkdir()
    with (folder / "huge.json").open("wb") as handle:
        handle.truncate(65 << 20)  # sparse: no disk space used
    write(folder, "good", json.dumps(plan()))
    for argv in ([], ["--json"], ["--annotations"]):
        result = subprocess.run(
            [AIDO, "report", *argv, str(folder)],
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            check=False,
            stdin=subprocess.DEVNULL,
        )
        assert result.returncode == 0, result.stderr
    rows = {r["name"]: r for r in json.loads(report(folder, "--json").stdout)["repositories"]}
    reasons = {name: row["error"] for name, row in rows.items() if row["status"] == "failed"}
    assert reasons == {
        "fifo": "fifo.json is a FIFO, not a file aido can read; move it out of the way",
        "zero": "zero.json is a device, not a file aido can read; move it out of the way",
        "gone": "gone.json is a link to a missing file; fix or remove the link",
        "folder": "folder.json is a directory, not a file aido can read; move it out of the way",
        "huge": "huge.json is larger than 64 MiB; it cannot be a config file aido reads, "
        "move it out of the way",
    }


def test_a_fifo_given_by_name_is_a_failed_repository(folder: Path) -> None:
    """A FIFO named on the command line is read as a plan file (and fails), not "missing"."""
    os.mkfifo(folder / "fifo.json")
    rows = statuses(folder / "fifo.json")
    assert rows["fifo"]["status"] == "failed"


def test_annotations_never_read_a_device_the_plan_names(folder: Path) -> None:
    """A plan naming /dev/zero or a FIFO as its file annotates line 1, at once."""
    os.mkfifo(folder / "fifo")
    doc = plan()
    doc["files"] = [
        {**doc["files"][0], "path": path} for path in ("/dev/zero", str(folder / "fifo"), "a\x00b")
    ]
    doc["policy_violations"][0]["path"] = "/dev/zero"
    (folder / "plan.json").write_text(json.dumps(doc), encoding="utf-8")
    result = subprocess.run(
        [AIDO, "report", "--annotations", str(folder / "plan.json")],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
        stdin=subprocess.DEVNULL,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("::error ") == 7  # two changes per file, and the violation
