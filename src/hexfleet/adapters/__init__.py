"""Reinforcement-learning adapters: every registered game as an OpenSpiel game
(:mod:`hexfleet.adapters.openspiel`) and a PettingZoo environment
(:mod:`hexfleet.adapters.pettingzoo`), built on one game-independent core
(:mod:`hexfleet.adapters.table`). They need the ``rl`` extra; the core package does not."""
