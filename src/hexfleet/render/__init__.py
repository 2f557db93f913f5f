"""Drawing games for people: each game's presenter (``render/<game>.py``, found by name,
:class:`hexfleet.plugins.Presenter`) on the generic SVG drawing (:mod:`.svg`), the turn report
(:mod:`.text`) and the terminal's answer parsers (:mod:`.forms`).

Renderers import the games, never the reverse, and draw from JSON views, positions and events
only, so whatever they draw has already passed through a seat's view when it is shown to a
player.
"""
