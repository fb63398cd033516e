"""What runs games, with no terminal in it: the Session (:mod:`.session`, the only face of a
game in progress) over the one table loop (:mod:`.loop`), the plugin registry, simulation, the
conformance check and its leak half, and the benchmarks.

It imports only :mod:`tabletop.core`; agents, front ends and the lab build on it.
"""
