"""Plots (matplotlib, Agg backend only): the one place matplotlib is imported."""
