"""Move Fighters (TOB-M1-MOVE-03..08): apply thrust, coast, turn, adjust markers."""

from __future__ import annotations

from collections.abc import Iterable

from ...engine.ruleset import Event
from .cards import BURN_OFFSETS, MANEUVERS
from .notation import LETTERS
from .state import Config, Fighter


def move_fighter(f: Fighter, card: str | None, wide_slips: bool) -> tuple[Fighter, int]:
    """One fighter's movement; returns the moved fighter and the thrust it executed.

    Thrust uses the facing before the turn (the turn comes after moving, TOB-M1-MOVE-06):
    ``M ← M + b(f)``, ``P' = M``, ``f ← f + Δ``, ``M' = 2P' − P`` (TOB-GEO-06).
    """
    mq, mr = f.momentum
    facing = f.facing
    thrust = 0
    maneuver = MANEUVERS.get(card) if card else None
    if maneuver is not None:
        if maneuver.burn is not None:
            dq, dr = BURN_OFFSETS[(maneuver.id, facing, wide_slips)]
            mq += dq
            mr += dr
            thrust = maneuver.thrust
        elif maneuver.turn:
            facing = (facing + maneuver.turn) % 6
    pq, pr = f.hex
    return Fighter(f.id, f.side, (mq, mr), facing, (2 * mq - pq, 2 * mr - pr), f.cards, f.destroyed, f.revealed,
                   f.kit), thrust


def move_phase(config: Config, fighters: Iterable[Fighter], maneuvers: dict[str, str]
               ) -> tuple[dict[str, Fighter], dict[str, int], list[Event]]:
    """Move every fighter (independent of each other, TOB-M1-MOVE-08), then remove the ones
    whose momentum marker or hex is off the map (TOB-GEO-13).

    ``maneuvers`` maps fighter id → the maneuver card it plotted. Returns the fighters still in
    play by id, the thrust each executed, and the events.
    """
    wide = config.options.slip_model == "wide"
    on_map = config.on_map
    events: list[Event] = []
    off: list[Event] = []
    in_play: dict[str, Fighter] = {}
    thrust: dict[str, int] = {}
    for f in fighters:
        fid = f.id
        g, thrust[fid] = move_fighter(f, maneuvers.get(fid), wide)
        events.append({"type": "moved", "id": fid, "from": [*f.hex], "to": [*g.hex],  # [*t]: no call of list()
                       "facing": LETTERS[g.facing], "momentum": [*g.momentum]})
        if g.momentum in on_map and g.hex in on_map:
            in_play[fid] = g
        else:
            off.append({"type": "eliminated", "id": fid, "cause": "off_map"})
    return in_play, thrust, events + off if off else events
