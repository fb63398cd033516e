"""Wind Up: build clockwork machines that keep unwinding (designer prototype by Ken, "DrFro")."""
