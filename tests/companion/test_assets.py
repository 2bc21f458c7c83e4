"""app.js and app.css reach the phone without comments and indentation, and still work."""

from __future__ import annotations

import re
import shutil
import subprocess

from companion.assets import STATIC, lean_css, lean_js
from tests.conftest import require


def test_the_script_has_nothing_the_lean_copy_would_break():
    source = (STATIC / "app.js").read_text(encoding="utf-8")
    assert "`" not in source  # no template literal, which could hold lines of its own
    assert not re.search(r"\\\s*$", source, flags=re.M)  # no string continued on a new line


def test_the_lean_script_parses_and_keeps_every_statement(tmp_path):
    require(shutil.which("node") is not None, "node is missing (apt-get install nodejs)")
    source = (STATIC / "app.js").read_text(encoding="utf-8")
    lean = tmp_path / "app.js"
    lean.write_text(lean_js(source), encoding="utf-8")
    done = subprocess.run(["node", "--check", str(lean)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    code = [line.strip() for line in source.splitlines()
            if line.strip() and not line.strip().startswith("//")]
    assert lean.read_text(encoding="utf-8").splitlines() == code


def test_the_lean_style_sheet_keeps_every_rule():
    source = (STATIC / "app.css").read_text(encoding="utf-8")
    lean = lean_css(source)
    assert "/*" not in lean
    assert lean.count("{") == re.sub(r"/\*.*?\*/", "", source, flags=re.S).count("{")


def test_the_static_route_serves_them_lean_and_cacheable(client):
    js = client.get("/static/app.js")
    assert js.status_code == 200 and js.mimetype == "text/javascript"
    assert len(js.data) < (STATIC / "app.js").stat().st_size
    again = client.get("/static/app.js", headers={"If-None-Match": js.headers["ETag"]})
    assert again.status_code == 304
    assert client.get("/static/vendor/htmx-2.0.11.min.js").status_code == 200
