"""What the surviving book names but does not give, and what hexfleet does about each.

The seed stops in rule 7.4.1 (digest 0.1): guided and stationary weapons, trans-light drives,
hangars, docking, terrain, heat sinks and the ship-design chapter are referenced by the rules
we have but never described. None of them can be played as the book means; the house layer
``ci-house-v1`` turns them off (H-08) or stands in for them. This table is the one place that
says so: the presenter's glossary shows it (browser and terminal), the docs point here, and the
tests check that each entry's claim is what the software does.
"""

from __future__ import annotations

LOST: dict[str, tuple[str, str]] = {
    "CI-2.1.1.1": ("Trans-light drives activated in Power Allocation",
                   "off (house rule H-08): no system does it, no step waits for it"),
    "CI-2.5.a": ("Trans-light drives complete in the Final Actions Step", "off (house rule H-08)"),
    "CI-2.1.4": ("Weapon Launch Phase: guided weapons launched in secret, markers placed",
                 "off (house rule H-08): there is no launch step; no weapon is guided"),
    "CI-2.1.4.a": ("Guided launch instructions marked in secret, markers placed publicly",
                   "off (house rule H-08): no weapon is guided"),
    "CI-2.1.4.1": ("Stationary weapon (mine, beacon, platform) deployment", "off (house rule H-08)"),
    "CI-7.1.b": ("Guided weapons armed at the launch point", "off (house rule H-08)"),
    "CI-2.3.2": ("Guided Weapons Phase", "off (house rule H-08): fire phases are stationary, starship, "
                                         "small vessel"),
    "CI-2.3.2.1": ("Guided weapon intercepts", "off (house rule H-08)"),
    "CI-7.2.2": ("Determine guided intercepts", "off (house rule H-08)"),
    "CI-7.2.5": ("Declare guided intercepts", "off (house rule H-08)"),
    "CI-7.3.2.d": ("A guided weapon's silhouette from its launch point", "off (house rule H-08): silhouettes "
                                                                          "are from the firer"),
    "CI-5.5.3.c": ("Guided weapons at a barnstormer: a miss is a full hull hit on the barnstormed unit",
                   "off (house rule H-08): no guided weapons"),
    "CI-5.5.3.e": ("Barnstormers may not guide guided weapons", "off (house rule H-08): no guided weapons"),
    "CI-2.3.1.1": ("Anti-missile rockets, chaff and flares announced after DF allocation",
                   "off (house rule H-08); EW detectors do take effect after EW is declared (the detector step)"),
    "CI-7.2.8": ("Declare special defensive systems (AMRS, chaff, flares)", "off (house rule H-08)"),
    "CI-2.4.1": ("Catastrophic hull damage, drive and power-plant detonations, armor reduction",
                 "not played: damage is the house layer (H-04), which has none of these"),
    "CI-2.5.b": ("Hangar, cargo hold and reload-rack operations", "off (house rule H-08)"),
    "CI-2.5.c": ("Docking operations and transfers of materiel", "off (house rule H-08)"),
    "CI-3.6.d": ("Heat sinks and radiators", "off: overheating plants shed heat only by shutting down (CI-3.6.c)"),
    "CI-7.1.2.2": ("Space terrain (Rule CXXX) deactivating weapons", "off (house rule H-08): no terrain"),
    "CI-7.1.3.f": ("Emergency arming", "off: no weapon has it (its penalties are lost)"),
    "CI-4.7.6": ("ESS beacons: mine-sized stationary ESS units",
                 "a satellite design with an ESS block is one; placed, not deployed (deployment is H-08)"),
    "CI-1.5.1.e": ("Microthrusters turning satellites and platforms in their hex",
                   "not played: stationary structures never move or turn"),
}
"""Rule ID → (what the book refers to, what hexfleet does)."""
