"""Canonical JSON and the state hash: the same bytes for the same value on every machine.

Never ``hash()``: Python randomises string hashes per process (STYLE §2).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any


def canonical_json(value: Any) -> str:
    """Sorted keys, no spaces, ASCII only: a stable text for hashing and for golden files."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False)


def digest(value: Any) -> str:
    return hashlib.sha256(canonical_json(value).encode()).hexdigest()
