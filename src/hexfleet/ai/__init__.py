"""Bots. A bot sees only its seat's view and the legal orders, never the true state."""

from .base import Bot, get_bot, bot_names

__all__ = ["Bot", "bot_names", "get_bot"]
