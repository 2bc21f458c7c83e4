"""Baseline for bench/companion_load.py: a bare Flask endpoint served like the companion."""

from __future__ import annotations

import sys

from flask import Flask, jsonify, request
from waitress import serve

app = Flask(__name__)


@app.post("/hello")
def hello():
    request.get_json(silent=True)
    return jsonify({"ok": True})


@app.get("/api/v1/health")
def health():
    return jsonify({"ok": True})


if __name__ == "__main__":
    port, threads = int(sys.argv[1]), int(sys.argv[2])
    workers = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    if workers == 1:  # served exactly as `companion serve` serves the companion
        serve(app, host="127.0.0.1", port=port, threads=threads, ident="hello")
    else:
        from companion.multiworker import run_gunicorn

        run_gunicorn(lambda: app, bind=f"127.0.0.1:{port}", workers=workers, threads=threads)
