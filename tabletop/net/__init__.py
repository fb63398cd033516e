"""The network table: a server that holds each game and sends every seat only what it may see
(``server``), over the wire protocol both ends share (``protocol``).

It sits above the engine and the agents (it drives a :class:`~tabletop.engine.session.Session`
and plays bot seats) and below the terminal: nothing here prints or reads a keyboard. The
``websockets`` library is an optional extra (``tabletop[net]``); only the server imports it.
"""
