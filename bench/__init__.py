"""`make bench` (`python -m bench [backfill|build|server|all]`): timings of the backfill, the build and the server.

Each part prints its figures next to its target and whether the target is met. A missed target is
reported, never raised: the command exits 0 unless a part could not run at all.
"""
