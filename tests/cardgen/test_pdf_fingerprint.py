"""Double Mission's en-a4 kit is byte for byte the one recorded in tests/data.

It guards refactors of the shared generator: any change to any PDF's bytes shows up here.
A legitimate change (content text, drawing code, a ReportLab or font upgrade) changes the
bytes too; look at the PDFs, then record the new fingerprint from the repository root with

    MISSION_KIT_CACHE=off python -m tests.cardgen.test_pdf_fingerprint

and commit tests/data/double-mission-en-a4-sha256.json with the change.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from cardgen.build import BuildOptions, build
from tests.conftest import CONTENT, DATA

FIXTURE = DATA / "double-mission-en-a4-sha256.json"
REGENERATE = ("Double Mission's en-a4 PDFs changed. If that is intended (content, drawing or a "
              "library upgrade), regenerate the fixture: MISSION_KIT_CACHE=off python -m "
              "tests.cardgen.test_pdf_fingerprint")


def fingerprint(out: Path) -> dict[str, str]:
    """Each en-a4 file's sha256, as the build's manifest lists it (built with the QR of the
    address the kits carried by default until issue 23, so the recorded bytes still hold)."""
    result = build(BuildOptions("double-mission", "en", "a4", out, CONTENT,
                                companion_url="http://127.0.0.1:5000/"))
    return {f["path"]: f["sha256"] for f in result.manifest["files"]}


def test_double_mission_en_a4_pdfs_match_the_recorded_fingerprint(tmp_path):
    expected = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert fingerprint(tmp_path) == expected, REGENERATE


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as out:
        text = json.dumps(fingerprint(Path(out)), indent=2) + "\n"
    FIXTURE.write_text(text, encoding="utf-8")
    print(f"wrote {FIXTURE}")
