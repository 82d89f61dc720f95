"""The rules: a pattern each, and what its match means."""
