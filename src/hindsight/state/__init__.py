"""Session state, locks and caches: what processes share besides the records (state/base.py)."""
