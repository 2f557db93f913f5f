"""Turn or Burn search hooks in Modules 2-3 (Popcorn, Bigger): the evaluator counts team points,
the cards a side keeps in play, and kill chances as Modules 2-3 eliminate (every crew or every
structure card, TOB-M2-SCEN-03), through heavy guns, shields and armor."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations

import pytest

from hexfleet.ai.turn_or_burn import evaluate, team_kill_chance
from hexfleet.games import get_ruleset
from hexfleet.games.turn_or_burn.state import Fighter, Kit
from hexfleet.hexgrid import add, from_offset

R = get_ruleset("turn-or-burn")


def at_plot(scenario: str):
    state = R.new_game(scenario, seed=1)
    while state.phase != "plot":
        state, _ = R.advance(state, {seat: R.legal(state, seat).first() for seat in R.pending(state)})
    return state


def placed(state, **where):
    """Fighters moved to ``(offset col, row, facing, velocity)``, the others as they were."""
    fighters = []
    for f in state.fighters:
        if f.id in where:
            col, row, facing, velocity = where[f.id]
            h = from_offset(col, row)
            f = replace(f, hex=h, facing=facing, momentum=add(h, velocity))
        fighters.append(f)
    return replace(state, fighters=tuple(fighters))


def brute_force(f: Fighter, damage: int, misses: int) -> tuple[float, float]:
    """Every pull of ``damage`` cards from the hand: the share that eliminates, the mean cards taken."""
    hand = list(f.cards) + list(f.external) + ["miss"] * misses
    pulls = list(combinations(range(len(hand)), min(damage, len(hand))))
    dead = taken_cards = 0
    for pull in pulls:
        taken = [hand[i] for i in pull]
        dead += taken.count("CM") == f.cards.count("CM") or taken.count("STR") == f.cards.count("STR")
        taken_cards += sum(card != "miss" for card in taken)
    return dead / len(pulls), taken_cards / len(pulls)


@pytest.mark.rule("TOB-M2-SCEN-03")
@pytest.mark.parametrize("cards,external,damage,misses", [
    (("CM", "STR", "THR", "DB"), (), 1, 0),
    (("CM", "STR", "STR", "THR", "LT", "JAM"), (), 3, 2),
    (("CM", "CM", "STR", "STR", "STR", "THR", "THR", "THR", "NB", "NB", "SG", "SCAN"), ("LT", "JAM", "THR"), 8, 0),
    (("CM", "STR", "THR", "BG", "ARM", "BOT"), (), 7, 1),
])
def test_a_team_kill_takes_every_crew_or_every_structure_card(cards, external, damage, misses):
    f = Fighter("X", "red", (0, 0), 0, (0, 0), cards, kit=Kit(external=external))
    assert team_kill_chance(f, damage, misses) == pytest.approx(brute_force(f, damage, misses))


@pytest.mark.rule("TOB-M2-SCEN-05")
def test_a_point_ahead_is_better():
    state = at_plot("popcorn")
    even = evaluate(state)["red"]
    assert evaluate(replace(state, scores=(("red", 1), ("blue", 0))))["red"] > even
    assert evaluate(replace(state, scores=(("red", 0), ("blue", 1))))["red"] < even


@pytest.mark.rule("TOB-M3-SCEN-02")
def test_a_side_with_cards_shot_away_is_worse_off():
    state = at_plot("bigger")
    hurt = replace(state, fighters=tuple(f.losing(("THR",)) if f.id == "E1" else f for f in state.fighters))
    assert evaluate(hurt)["empire"] < evaluate(state)["empire"]
    gone = replace(state, fighters=tuple(f for f in state.fighters if f.id != "A1"))
    assert evaluate(gone)["empire"] > evaluate(state)["empire"]


@pytest.mark.rule("TOB-M2-SHIELD-01")
@pytest.mark.rule("TOB-M3-BIGGUN-04")
def test_a_heavy_gun_in_reach_counts_and_shields_stop_it():
    """The super fighter's heavy neutrino beam two hexes from an agrarian, facing it: a likely
    kill next turn; with the agrarian's shields up, none (no bubble gun aboard)."""
    far = placed(at_plot("bigger"), E1=(20, 10, 3, (0, 0)), A1=(2, 2, 0, (0, 0)), A2=(2, 19, 0, (0, 0)),
                 A3=(27, 19, 0, (0, 0)))
    near = placed(far, A1=(18, 10, 0, (0, 0)))
    assert evaluate(near)["empire"] > evaluate(far)["empire"] + 0.1
    shielded = replace(near, fighters=tuple(replace(f, kit=replace(f.kit, shields=True)) if f.id == "A1" else f
                                            for f in near.fighters))
    assert evaluate(shielded)["empire"] < evaluate(near)["empire"] - 0.1


@pytest.mark.rule("TOB-AMB-19")
@pytest.mark.rule("TOB-SEQ-14")
def test_at_the_fire_decision_the_guns_plotted_this_turn_count():
    """At the fire decision the fighters have moved and the guns plotted this turn fire from
    where they stand (TOB-AMB-19): search's leaves there count those shots beside next turn's.
    Popcorn played by the heuristic: wherever only one side plotted a gun, taking its guns out
    of the plot never leaves that side better off, and somewhere worse off."""
    from hexfleet.ai.base import get_bot
    from hexfleet.ai.turn_or_burn import _plotted
    from hexfleet.engine.ruleset import step
    from hexfleet.games.turn_or_burn.cards import GUNS
    from hexfleet.games.turn_or_burn.state import FIRE

    state = R.new_game("popcorn", seed=0)
    bots = {s: get_bot("turn-or-burn", "heuristic", seed=s) for s in R.seats(state)}
    gains = []
    while state.outcome is None and state.turn <= 12:
        if state.phase == FIRE:
            shooting = {f.side for f in state.fighters if _plotted(state, f)}
            if len(shooting) == 1:
                side, = shooting
                stage = state.stage
                unarmed = replace(state, stage=replace(stage, plots=tuple(
                    (fid, tuple(a for a in actions if a.card not in GUNS)) for fid, actions in stage.plots)))
                gains.append(evaluate(state)[side] - evaluate(unarmed)[side])
        state, _ = step(R, state, {s: bots[s].choose(R, s, R.view(state, s), R.legal(state, s))
                                     for s in R.pending(state)})
    assert gains and min(gains) >= 0.0 and max(gains) > 0.05
