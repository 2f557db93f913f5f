"""The ``big-party`` scenario's presets (Module 6): 2 to 8 players, each mode, a few ships each.

The book fixes no Big Party set-up beyond its limits (TOB-M6-OVR-02: up to 8 players, up to 15
ships each; stations placed by the players, TOB-M6-STN-02), so a preset is this project's:
players start in regions along the map's edges (corners first, then the edge middles), each
with ``ships`` ships built from a standard list that stays within the class table
(TOB-M6-CLASS-01); stations stand on a ring round the centre, a fifth of the map from every
edge and 5 hexes apart, unowned. The modes' point values are the book's example set
(TOB-M6-MODE-07) where a mode is played.
"""

from __future__ import annotations

from ...engine.errors import RuleError
from ...hexgrid import Hex, RectMap, directions_toward, from_offset, sub
from . import big_party
from .big_party import Party, Player
from .ship_sheet import marks_of
from .state import Fighter, Kit, Station

PRESET_MODES = ("last_man_standing", "dogfight", "capture", "freighter", "special_enemy", "combination")
MAP = RectMap(40, 30)
REGION = 6
"""Start regions are 6 × 6 hexes."""
_REGIONS = ((0, 0), (1, 1), (1, 0), (0, 1), (0.5, 0), (0.5, 1), (0, 0.5), (1, 0.5))
"""Region corners as fractions of the map, in the order players take them (opposite corners
first, so two players start far apart)."""
SHIPS: tuple[tuple[str, ...], ...] = (
    ("CM", "STR", "THR", "NB", "SG", "BOT"),                                  # standard, 6 cards
    ("CM", "CM", "STR", "STR", "THR", "THR", "LT", "LT", "JAM"),              # heavy, 9
    ("CM", "STR", "THR", "BG", "ARM"),                                        # standard, 5
    ("CM", "CM", "STR", "STR", "STR", "STR", "THR", "THR", "THR", "THR", "NB", "NB", "SCAN"),  # ultra, 13
    ("CM", "STR", "THR", "DB"),                                               # standard, 4
)
"""One gun type a ship: a view masks unrevealed cards in sheet order, so two gun types on one
ship would show which comes first."""
FREIGHTER: tuple[str, ...] = ("CM", "STR", "STR", "THR", "THR", "LT", "CARGO", "CARGO", "CARGO", "CARGO", "CARGO", "CARGO")
POINTS = (("system", 1), ("ship", 3), ("eject", -3), ("station", 1), ("cargo", 2), ("special_enemy", 7))
ROUND_LIMIT = 20
GOAL_PER_SHIP_MAX = 14


def point_goal(players: int, ships: int) -> int:
    """The preset's agreed score (TOB-M6-MODE-01, [CONFIG]): ``2 + 3 × players`` points a ship,
    14 at most. The score is earned ship by ship, and a fleet finds more targets among more
    players up to about four: heuristic bots in combination games reached about 8 points a ship
    by turn 12 with 2 players and 12-18 with 4 and 8 (4 and 15 ships each, seeds 1-2), so
    the goal comes near turn 12 of the 20-round limit whatever the table, where a fixed 50
    ended an 8 × 15 game by turn 4 and was never reached by 2 × 4."""
    return ships * min(GOAL_PER_SHIP_MAX, 2 + 3 * players)


def modes_of(mode: str) -> tuple[str, ...]:
    if mode == "combination":
        return ("dogfight", "capture", "freighter", "special_enemy")
    return (mode,)


def region(i: int) -> tuple[tuple[int, int], tuple[int, int]]:
    fq, fr = _REGIONS[i]
    q0 = round(fq * (MAP.cols - REGION))
    r0 = round(fr * (MAP.rows - REGION))
    return (q0, q0 + REGION - 1), (r0, r0 + REGION - 1)


SPOTS = ((12, 10), (27, 19), (27, 10), (12, 19), (19, 9), (19, 20), (10, 15), (29, 15))
"""The preset's station spots (column, row): a ring round the centre."""


def station_spot(k: int) -> Hex:
    """The preset's spot for the ``k``-th station (0-based; the ring, round again past 8)."""
    return from_offset(*SPOTS[k % len(SPOTS)])


def stations(n: int) -> tuple[Station, ...]:
    """``n`` unowned stations on a ring round the centre (TOB-M6-STN-02), ``S1``..``Sn``."""
    out = tuple(Station(f"S{k + 1}", station_spot(k), None) for k in range(n))
    big_party.check_stations(out, MAP)
    return out


def build(players: int, mode: str, ships: int) -> tuple[Party, tuple[Fighter, ...], tuple[Station, ...]]:
    """The preset: the game, every player's ships in its start region, the stations."""
    if not 2 <= players <= big_party.MAX_PLAYERS:
        raise RuleError("TOB-M6-OVR-02", f"Big Party has 2-{big_party.MAX_PLAYERS} players; got {players}",
                        field="players")
    if not 1 <= ships <= big_party.MAX_SHIPS:
        raise RuleError("TOB-M6-OVR-02", f"each player has 1-{big_party.MAX_SHIPS} ships; got {ships}", field="ships")
    modes = modes_of(mode)
    lms = modes == ("last_man_standing",)
    party = Party(tuple(Player(f"P{k + 1}", k + 1, (), region(k)) for k in range(players)), modes,
                  () if lms else POINTS, None if lms else ROUND_LIMIT,
                  None if lms else point_goal(players, ships))
    fighters = []
    centre = (MAP.cols // 2, MAP.rows // 2)
    for p in party.players:
        (q0, q1), (r0, r1) = p.start_region or ((0, 0), (0, 0))
        builds = [SHIPS[k % len(SHIPS)] for k in range(ships)]
        if "freighter" in modes:
            builds[-1] = FREIGHTER
        for k, cards in enumerate(builds):
            col, row = q0 + k % (q1 - q0 + 1), r0 + (k // (q1 - q0 + 1)) % (r1 - r0 + 1)
            h = from_offset(col, row)
            toward = directions_toward(sub(from_offset(*centre), h))[0]  # facing the centre
            f = Fighter(f"{p.id}-{k + 1}", p.id, h, toward, h, cards)  # ids an order sheet can name
            fighters.append(Fighter(f.id, f.side, f.hex, f.facing, f.momentum, f.cards, kit=Kit(marks=marks_of(f))))
    return party, tuple(fighters), stations(players) if "capture" in modes or "freighter" in modes else ()
