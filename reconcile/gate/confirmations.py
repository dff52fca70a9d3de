"""Typed confirmations of security-sensitive entries (SPEC §7), stored per user.

The store is `<user state dir>/confirmations.json`, outside every repository,
so a pull request cannot pre-approve itself. A confirmation is bound to the
project, the adapter, the file, the entry name and the digest of the exact
entry aido will write: any change to what would run needs a new one.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass, replace
from datetime import UTC, datetime
from pathlib import Path

from aidokit.catalog.models import Strict
from aidokit.reconcile.core.atomic import current_digest, replace_file
from aidokit.reconcile.core.errors import SecurityError, StateError
from aidokit.reconcile.core.paths import state_folder_problem, user_state_dir
from aidokit.reconcile.core.safe_read import check_private, parse_nested, read_file
from aidokit.reconcile.plan.model import Change, FileChange, Plan
from aidokit.reconcile.read.decode import decode, remember
from aidokit.reconcile.read.ownership import entry_digest

CONFIRMATIONS_NAME = "confirmations.json"
STORE_VERSION = 1


@dataclass(frozen=True, kw_only=True)
class Confirmation(Strict):
    """One entry a user confirmed by typing its id."""

    project: str  # absolute, resolved project folder
    adapter: str
    path: str  # the file, as recorded in state (project-relative or absolute)
    name: str
    id: str
    digest: str  # entry_digest of the exact entry confirmed
    confirmed_at: str

    def covers(self, project: str, file: FileChange, change: Change) -> bool:
        """Whether this confirmation allows writing `change` into `file`."""
        return (self.project, self.adapter, self.path, self.name, self.id, self.digest) == (
            project,
            file.adapter,
            file.record_path,
            change.name,
            change.id,
            entry_digest(change.after),
        )


@dataclass(frozen=True, kw_only=True)
class _StoreFile(Strict):
    """The store file's shape (`decode` checks it when the file is read)."""

    version: int = STORE_VERSION
    confirmations: tuple[Confirmation, ...] = ()


@dataclass(frozen=True)
class ConfirmationStore:
    """The user's confirmations, as read from the store file."""

    path: Path
    project: str
    items: tuple[Confirmation, ...] = ()
    ignored: str | None = None  # why the file was not trusted, if it was not

    @classmethod
    def load(cls, environ: Mapping[str, str], project: Path) -> ConfirmationStore:
        """Read the store for `project`; a store inside the project is never trusted."""
        path = user_state_dir(environ) / CONFIRMATIONS_NAME
        root = project.resolve()
        store = cls(path=path, project=str(root))
        if path.resolve().is_relative_to(root):
            return replace(store, ignored=f"{path} is inside the project {root}")
        problem = state_folder_problem(path.parent, root)  # the one rule (core/paths.py)
        if problem is not None:
            return replace(store, ignored=f"its folder {path.parent} {problem}")
        return replace(store, items=_read(path, root))

    def covers(self, file: FileChange, change: Change) -> bool:
        """Whether the user confirmed exactly this entry for this file."""
        return any(item.covers(self.project, file, change) for item in self.items)

    def confirm(self, targets: Iterable[tuple[FileChange, Change]]) -> ConfirmationStore:
        """A store that also holds confirmations for `targets` (replacing older ones)."""
        now = datetime.now(UTC).replace(microsecond=0).isoformat()
        items = list(self.items)
        for file, change in targets:
            key = (self.project, file.adapter, file.record_path, change.name)
            items = [i for i in items if (i.project, i.adapter, i.path, i.name) != key]
            items.append(
                Confirmation(
                    project=self.project,
                    adapter=file.adapter,
                    path=file.record_path,
                    name=change.name,
                    id=change.id or change.name,
                    digest=entry_digest(change.after),
                    confirmed_at=now,
                )
            )
        return replace(self, items=tuple(sorted(items, key=_order)))

    def revoke(self, entry_id: str) -> tuple[ConfirmationStore, int]:
        """A store without this project's confirmations of `entry_id`, and how many went."""
        kept = tuple(i for i in self.items if not (i.project == self.project and i.id == entry_id))
        return replace(self, items=kept), len(self.items) - len(kept)

    def for_project(self) -> tuple[Confirmation, ...]:
        """This project's confirmations."""
        return tuple(i for i in self.items if i.project == self.project)

    def save(self) -> None:
        """Write the store atomically, readable by its owner only."""
        if self.ignored:
            raise SecurityError(
                f"cannot store confirmations: {self.ignored}; point XDG_STATE_HOME (or HOME) "
                "at a folder outside the repository"
            )
        data = asdict(_StoreFile(confirmations=self.items))
        text = json.dumps(data, indent=2, sort_keys=True) + "\n"
        self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        raw = text.encode("utf-8")
        replace_file(self.path, raw, current_digest(self.path), create_parents=True, mode=0o600)
        remember(_StoreFile, raw, project=Path(self.project))


def _order(item: Confirmation) -> tuple[str, ...]:
    return (item.project, item.id, item.adapter, item.path, item.name)


def _read(path: Path, project: Path) -> tuple[Confirmation, ...]:
    raw = read_file(path, error=StateError)
    if raw is None:
        return ()
    check_private(path, "delete it and confirm again with aido confirm ID")
    hint = f"aido confirmations {path} is corrupt; delete it and confirm again with aido confirm ID"
    try:
        data = parse_nested(path, lambda: json.loads(raw), error=StateError)
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise StateError(hint) from None
    store = decode(_StoreFile, raw, data, fail=lambda _: StateError(hint), project=project)
    return store.confirmations


def stored_confirmations(
    plan: Plan, environ: Mapping[str, str] | None = None
) -> Callable[[FileChange, Change], bool]:
    """A check of the user's stored confirmations, read only when first needed."""
    loaded: list[ConfirmationStore] = []

    def confirmed(file: FileChange, change: Change) -> bool:
        if not loaded:
            env = os.environ if environ is None else environ
            loaded.append(ConfirmationStore.load(env, Path(plan.project)))
        return loaded[0].covers(file, change)

    return confirmed
