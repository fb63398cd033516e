"""The terminal: text made safe to print, interrupts, the human prompt and the plain table.

It imports only from below (core, engine, agents); the full screen and the command line use it.
"""
