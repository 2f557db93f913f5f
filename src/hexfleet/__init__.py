"""hexfleet: tabletop hex-map space-combat games with every rule enforced.

Layers, imports pointing down only: ``cli``/``server``/``sim`` → ``ai`` → ``render`` →
``games.<game>`` → ``engine`` → ``hexgrid``.
"""

__version__ = "0.1.0"
