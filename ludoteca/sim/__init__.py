"""Batch simulation: tournaments between bots and balance studies with HTML reports."""
