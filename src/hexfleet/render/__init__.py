"""Drawing games for people: SVG maps (:mod:`.svg`) and terminal text (:mod:`.turn_or_burn`).

Renderers import the games, never the reverse, and draw from JSON views or positions only, so
whatever they draw has already passed through a seat's view when it is shown to a player.
"""
