"""Riichi mahjong scoring service."""
