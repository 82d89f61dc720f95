"""The read path, as verb-named steps: routes (candidates per route), fuse, budget."""
