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
    serve(app, host="127.0.0.1", port=int(sys.argv[1]), threads=int(sys.argv[2]),
          ident="hello")
