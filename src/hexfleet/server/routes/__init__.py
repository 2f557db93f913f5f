"""One module per resource: lobby (games and seats), play (state, orders, previews, stream),
records (logs and downloadable records)."""
