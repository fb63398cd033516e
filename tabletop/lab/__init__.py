"""The playtesting lab: simulation backends, the results database, statistics and reports."""
