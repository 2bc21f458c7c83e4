"""Dice Mission: content model, mission checks, odds and the round engine."""
