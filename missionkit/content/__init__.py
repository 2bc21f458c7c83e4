"""Content loading: YAML files -> validated, typed models (shared by cardgen and companion)."""

from .errors import ContentError, Problem
from .loader import available_games, default_root, load_all, load_game

__all__ = ["ContentError", "Problem", "available_games", "default_root", "load_all", "load_game"]
