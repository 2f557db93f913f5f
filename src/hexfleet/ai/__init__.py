"""Bots. A bot sees only its seat's view and the legal orders, never the true state."""

from .base import Bot, bot_names, check_bot, get_bot

__all__ = ["Bot", "bot_names", "check_bot", "get_bot"]
