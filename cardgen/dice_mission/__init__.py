"""Dice Mission print-and-play kit."""
