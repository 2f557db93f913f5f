"""Batch play: bot matches on a process pool or Ray, round-robin arenas, balance studies.

Workers get ruleset names and seeds, never states; bots see only their seat's view.
"""
