"""What runs games, with no terminal in it: the table loop (:mod:`.session`), the plugin
registry, simulation, the conformance check and its leak half, and the benchmarks.

It imports only :mod:`tabletop.core`; agents, front ends and the lab build on it.
"""
