"""Options described for people: a label, and which scenarios an option applies to (the kernel's
``OptionInfo.needs`` against ``ScenarioInfo.features``), as the catalogue (``info``) sends them."""

from __future__ import annotations

from typing import ClassVar

from hexfleet.engine.ruleset import OptionInfo, ScenarioInfo

from .toy_procedure import SEATS, Toy


class Modular(Toy):
    """The toy game with two scenarios, one of which plays an advanced module."""

    options: ClassVar[tuple[OptionInfo, ...]] = (
        OptionInfo("pace", "slow", ("slow", "fast"), "How fast it goes.", "TOY-1", "Pace"),
        OptionInfo("lasers", False, (True, False), "Advanced: lasers.", "TOY-2", "Lasers", "advanced"),
    )

    def scenarios(self) -> dict[str, ScenarioInfo]:
        return {"basic": ScenarioInfo("basic", "Basic", SEATS),
                "full": ScenarioInfo("full", "Full", SEATS, options={"lasers": True}, features=frozenset({"advanced"}))}


def test_an_option_applies_only_where_its_feature_is_played() -> None:
    pace, lasers = Modular.options
    basic, full = Modular().scenarios().values()
    assert pace.applies(basic) and pace.applies(full)
    assert not lasers.applies(basic) and lasers.applies(full)


def test_the_catalogue_lists_per_scenario_only_the_options_that_apply_with_its_values() -> None:
    info = Modular().info()
    assert info["scenarios"]["basic"]["options"] == {"pace": "slow"}
    assert info["scenarios"]["full"]["options"] == {"pace": "slow", "lasers": True}
    assert [(o["name"], o["label"], o["help"]) for o in info["options"]] == [
        ("pace", "Pace", "How fast it goes."), ("lasers", "Lasers", "Advanced: lasers.")]


def test_an_option_without_a_label_is_shown_by_its_name() -> None:
    class Bare(Toy):
        options: ClassVar[tuple[OptionInfo, ...]] = (OptionInfo("pace", "slow"),)

    assert Bare().info()["options"][0]["label"] == "pace"
