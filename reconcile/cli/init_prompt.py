"""The questions `aido init` asks on a terminal: short multiselects, then one line for extras.

Each list is a multiselect (cli/multiselect.py): arrow keys and space on a real
terminal, numbers or names anywhere else. What was found is said once, the
harnesses found are marked, and the catalog is not listed: extras are typed by id
(`aido search WORDS` finds them).
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from aidokit.catalog.spelling import maybe
from aidokit.reconcile.cli.multiselect import CANCELLED, TRIES, Choice, choose, width
from aidokit.reconcile.core.errors import AidoError
from aidokit.reconcile.read.survey import Survey, guessed
from aidokit.reconcile.show.init_template import stack_lines


def ask(
    survey: Survey, preselected: Sequence[str], kept: Sequence[str]
) -> tuple[list[str], list[str], list[str]]:
    """Say what was found, then ask for adapters, suggestions to keep and extra entries."""
    facts = "; ".join(stack_lines(survey.facts)) or "no stack packs, languages or git remote"
    where = "for your user layer" if survey.user else "in this project"
    print(textwrap.fill(f"Detected {where}: {facts}", width=width() - 1))
    adapters = choose("Harnesses to manage", harness_choices(survey), preselected)
    keep: list[str] = []
    if survey.suggested:
        suggested = [Choice(item.id, item.why) for item in survey.suggested]
        keep = choose("Suggested servers to install", suggested, kept)
    return adapters, keep, _extras(survey)


def harness_choices(survey: Survey) -> list[Choice]:
    """Every harness, those found first (each with where it was found), then the rest."""
    found = [Choice(name, why) for name, why in survey.harnesses if why]
    rest = [Choice(name) for name, why in survey.harnesses if not why]
    return [*found, *rest]


def _extras(survey: Survey) -> list[str]:
    """Catalog ids typed on one line (none listed: `aido search` finds them)."""
    known = {entry.id: entry for entry in survey.others}
    for _ in range(TRIES):
        try:
            answer = input(
                "\nOther catalog servers to add, by id (`aido search WORDS` finds them; "
                "Enter for none): "
            )
        except EOFError:
            raise AidoError(CANCELLED) from None
        ids = list(dict.fromkeys(answer.replace(",", " ").split()))
        bad = [word for word in ids if word not in known]
        if not bad:
            for word in ids:
                if known[word].security_sensitive:
                    print(f"  {word} is security-sensitive: aido apply asks you to type its id")
            return ids

        print(f"  not a catalog id: {', '.join(f'{w}{maybe(w, known)}' for w in bad)}")
    raise AidoError("aido init got no valid answer; nothing was written")


def ask_roles(survey: Survey) -> bool:
    """Ask whether the roles guessed from agent names apply; Enter says no (the guesses are
    written as comments), since a role moves its servers out of the main session."""
    guesses = guessed(survey)
    if not guesses:
        return False
    print("\nRoles guessed from the agents' names:")
    for role, names in guesses.items():
        print(f"  {role}: {', '.join(names)}")
    print("  (a role's servers then go only to these agents, not to the main session)")
    for _ in range(TRIES):
        try:
            answer = input("Use these roles? (y/N; Enter writes them as comments): ")
        except EOFError:
            raise AidoError(CANCELLED) from None
        word = answer.strip().lower()
        if word in ("", "n", "no"):
            return False
        if word in ("y", "yes"):
            return True
        print("  answer y or n")
    raise AidoError("aido init got no valid answer; nothing was written")
