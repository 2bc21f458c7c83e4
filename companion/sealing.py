"""A game's secret sealed for its own server: what the edit export carries instead of the seed.

Every phone at a table holds the edit link, so the edit export must not hand out the secret
that orders the hidden draws (missionkit/draws.py). It carries the secret encrypted and
authenticated (AES-SIV) under a key derived from this server's SECRET_KEY: the same server,
or one sharing its key, imports it back and replays every hidden draw as it was; a player
reading the export learns nothing. AES-SIV is deterministic, so exporting a game twice gives
the same file. The operator's full backup (`companion backup`) is the
one way the secret leaves in the clear."""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
from typing import Any

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESSIV
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from missionkit.game import IllegalEvent

FIELD = "sealed_seed"


class Sealer:
    """Seals and opens game secrets with a key derived from `secret()` (read when first
    needed, so the app may set its SECRET_KEY after the game service is made)."""

    def __init__(self, secret: Callable[[], str]):
        self._secret, self._aead = secret, None

    def _box(self) -> AESSIV:
        if self._aead is None:
            key = HKDF(algorithm=hashes.SHA256(), length=64, salt=None,
                       info=b"mission-kit: game secrets in exports").derive(
                self._secret().encode())
            self._aead = AESSIV(key)
        return self._aead

    def seal(self, seed: Any) -> str:
        sealed = self._box().encrypt(json.dumps(seed).encode(), None)
        return base64.urlsafe_b64encode(sealed).decode("ascii")

    def open(self, sealed: Any) -> Any:
        """The secret inside `sealed`, or IllegalEvent naming the field."""
        if not isinstance(sealed, str) or len(sealed) > 512:
            raise IllegalEvent("expected the sealed secret of an export", f"setup.{FIELD}")
        try:
            return json.loads(self._box().decrypt(base64.urlsafe_b64decode(sealed), None))
        except (InvalidTag, ValueError, UnicodeEncodeError):
            raise IllegalEvent("this export was sealed by another companion: its hidden draws "
                               "(the bag, the next cards) can only be replayed there, or from "
                               "that server's full backup (companion backup)",
                               f"setup.{FIELD}") from None
