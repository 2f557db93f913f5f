"""``python -m hexfleet.server [--host H] [--port P] [--db DB]``: serve on uvicorn (``make run``;
``hexfleet serve`` is the same)."""

from __future__ import annotations

import argparse

from .serve import serve


def main() -> None:
    parser = argparse.ArgumentParser(description="hexfleet play server")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--db", help="SQLite file or SQLAlchemy URL (default: HEXFLEET_DATABASE_URL, "
                                     "else hexfleet.db here)")
    args = parser.parse_args()
    serve(args.host, args.port, args.db)


if __name__ == "__main__":
    main()
