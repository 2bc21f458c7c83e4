"""Two-sided tokens forgive a duplex printer: each back is drawn wider than its front's cut
line (so a back printed up to 1 mm off still fills the disc) and the grown backs, with their
bleed, never reach their neighbours."""

from __future__ import annotations

import itertools
import math

from cardgen import token_layout
from cardgen.geometry import PAPERS, mm
from cardgen.token_sheets import BACK_GROW, PAIR_GAP


def test_backs_are_wider_than_fronts_and_keep_clear_of_each_other():
    assert mm(1) <= BACK_GROW
    grid = token_layout.grid(PAPERS["a4"], 20, mm(28), cols=5, gap=PAIR_GAP)
    bleed = mm(0.8)  # the discs' own bleed past the cut line (double_mission.tokens._disc)
    for a, b in itertools.combinations(grid.cells, 2):
        reach = a.w / 2 + BACK_GROW + bleed
        assert math.dist((a.cx, a.cy), (b.cx, b.cy)) >= 2 * reach, (a, b)
